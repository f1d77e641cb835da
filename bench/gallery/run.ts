/**
 * Gallery list and search under concurrent load on PostgreSQL, against a bare node:http + pg server
 * that runs the same SQL in the same run.
 *
 *   npx tsx bench/gallery/run.ts                    # postgres://postgres@127.0.0.1:5432/postgres
 *   BENCH_PG_URL=postgres://…/postgres npx tsx bench/gallery/run.ts
 *   BENCH_CONTENT=100000 BENCH_CONNECTIONS=32 BENCH_SECONDS=10 BENCH_ROUNDS=4 BENCH_DEEP_PAGE=500 BENCH_CURSOR_DEPTH=42000 BENCH_SEARCH=castle …
 *
 * It creates a throw-away database `atelier_bench_<random>` on that server, migrates it with the
 * app's migrations, seeds users, categories and BENCH_CONTENT content rows (six types, ~10% private,
 * a few per cent failed or still processing, tags, titles and prompts drawn from skewed word lists so
 * full-text search has common and rare terms; the search vector is filled by the app's own trigger),
 * and drops the database at the end (BENCH_KEEP=1 keeps it for EXPLAIN).
 *
 * Four requests are measured, each for BENCH_SECONDS with BENCH_CONNECTIONS keep-alive connections,
 * the app and the bare server taking turns BENCH_ROUNDS times (so load from others that drifts
 * during the run falls on both):
 *   first  GET /api/v1/content?page=1&pageSize=20&sort=newest
 *   deep   GET /api/v1/content?page=BENCH_DEEP_PAGE&pageSize=20&sort=newest
 *   cursor GET /api/v1/content?pageSize=20&sort=newest&cursor=… (the page after the item
 *          BENCH_CURSOR_DEPTH deep, its cursor taken from the app's own nextCursor)
 *   search GET /api/v1/content/search?q=BENCH_SEARCH&page=1&pageSize=20
 * The app runs in this process on 127.0.0.1 (the same runtime assembly as main.ts, rate limits off);
 * the bare server runs in this process too, on its own pg.Pool of the same size. The bare server
 * replays, for each request, exactly the statements (text and parameters) the app sent to the pool
 * while answering that request once, captured during warm-up, and serialises the rows as JSON. The
 * load comes from a child process so the client does not share the servers' event loop.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { openRuntime } from '../../apps/server/src/runtime.js';
import { adminQuery, forkLoadClient, percentile, runBench, summariseLoad, type LoadResult, withDatabase } from '../lib.js';

const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CONTENT = Math.min(Number(process.env.BENCH_CONTENT ?? 100_000), 2_000_000);
const USERS = Math.min(Number(process.env.BENCH_USERS ?? Math.max(100, Math.round(CONTENT / 50))), 1_000_000);
const CONNECTIONS = Math.min(Number(process.env.BENCH_CONNECTIONS ?? 32), 256);
const SECONDS = Math.min(Number(process.env.BENCH_SECONDS ?? 10), 60);
/** The app and the bare server alternate this many times per case (SECONDS is split between the rounds). */
const ROUNDS = Math.max(1, Math.min(Number(process.env.BENCH_ROUNDS ?? 4), 10));
const PAGE_SIZE = 20;
const DEEP_PAGE = Math.max(2, Number(process.env.BENCH_DEEP_PAGE ?? 500));
const SEARCH = process.env.BENCH_SEARCH ?? 'castle';
const CURSOR_DEPTH = Math.max(PAGE_SIZE, Number(process.env.BENCH_CURSOR_DEPTH ?? 42_000));
/** Sequential (unloaded) requests per case, for the deep/first latency ratio without queueing. */
const SEQUENTIAL = Math.min(Number(process.env.BENCH_SEQUENTIAL ?? 100), 1000);

// ---------------------------------------------------------------- load client (child process)


// ---------------------------------------------------------------- data set

const sqlArray = (words: string[]) => `(ARRAY[${words.map((w) => `'${w}'`).join(',')}])`;
// Subjects are drawn with a skew (the first ones are common, the last ones rare).
const SUBJECTS = [
  'mountain',
  'ocean',
  'forest',
  'city',
  'portrait',
  'cat',
  'dragon',
  'robot',
  'flower',
  'castle',
  'desert',
  'river',
  'galaxy',
  'spaceship',
  'garden',
  'village',
  'bridge',
  'lighthouse',
  'waterfall',
  'owl',
  'fox',
  'horse',
  'temple',
  'market',
  'train',
  'island',
  'glacier',
  'volcano',
  'canyon',
  'meadow',
];
const ADJECTIVES = [
  'misty',
  'golden',
  'neon',
  'ancient',
  'serene',
  'vibrant',
  'dark',
  'minimal',
  'surreal',
  'cozy',
  'stormy',
  'frozen',
  'glowing',
  'rustic',
  'futuristic',
  'dreamy',
  'moody',
  'pastel',
  'epic',
  'tiny',
];
const STYLES = [
  'watercolor',
  'oil painting',
  'cinematic',
  'photorealistic',
  'isometric',
  'low poly',
  'pixel art',
  'anime',
  'line art',
  'studio lighting',
  'long exposure',
  'macro',
  'aerial view',
  'vintage film',
  'ink sketch',
];
const MOMENTS = [
  'at sunset',
  'at dawn',
  'at night',
  'in winter',
  'in spring',
  'under rain',
  'in fog',
  'at golden hour',
];
const TYPES: [string, string][] = [
  ['photo', 'flux-pro'],
  ['photo', 'flux-dev'],
  ['photo', 'stable-diffusion-xl'],
  ['illustration', 'stable-diffusion-xl'],
  ['video', 'runway-gen3'],
  ['video', 'luma-dream'],
  ['loops', 'pika-labs'],
  ['gif', 'flux-schnell'],
  ['vector', 'stable-diffusion-xl'],
];

async function seed(exec: (sql: string) => Promise<void>) {
  await exec(`
    INSERT INTO users (full_name, username, email, is_verified, referral_code, credits, created_at)
    SELECT 'Gallery Bench ' || i, 'gbench_' || i, 'gbench' || i || '@example.test', i % 3 <> 0, 'GB' || i, 100,
           now() - interval '400 days' + random() * interval '30 days'
    FROM generate_series(1, ${USERS}) AS i`);
  await exec(`
    INSERT INTO categories (name, slug, sort_order)
    SELECT initcap(s), 'bench-' || s, i FROM unnest(${sqlArray(['landscape', 'animals', 'architecture', 'people', 'fantasy', 'sci-fi', 'abstract', 'nature', 'urban', 'travel', 'food', 'design'])}) WITH ORDINALITY AS t(s, i)`);
  // One INSERT per batch: the content_search_vector_trigger fills search_vector row by row, exactly
  // as it does for content the app creates.
  const batch = 50_000;
  for (let from = 1; from <= CONTENT; from += batch) {
    const to = Math.min(CONTENT, from + batch - 1);
    await exec(`
      WITH u AS (SELECT array_agg(id) AS ids FROM users),
           cat AS (SELECT array_agg(id) AS ids FROM categories),
           r AS (
             SELECT i,
                    1 + floor(${SUBJECTS.length} * random() ^ 2)::int AS s1,
                    1 + floor(${SUBJECTS.length} * random())::int AS s2,
                    1 + floor(${ADJECTIVES.length} * random())::int AS a,
                    1 + floor(${STYLES.length} * random())::int AS st,
                    1 + floor(${MOMENTS.length} * random())::int AS m,
                    1 + floor(${TYPES.length} * random())::int AS t,
                    random() AS p, random() AS st2
             FROM generate_series(${from}, ${to}) AS i
           )
      INSERT INTO content (user_id, title, description, prompt, model, content_type, status, progress, is_private, seed,
                           width, height, thumbnail_key, preview_key, media_key, mime_type, cost, charged,
                           like_count, comment_count, play_count, category_id, tags, created_at, updated_at, completed_at)
      SELECT u.ids[1 + (r.i * 7919) % array_length(u.ids, 1)],
             initcap(${sqlArray(ADJECTIVES)}[r.a] || ' ' || ${sqlArray(SUBJECTS)}[r.s1]),
             CASE WHEN r.i % 4 = 0 THEN 'A ' || ${sqlArray(STYLES)}[r.st] || ' study of a ' || ${sqlArray(SUBJECTS)}[r.s2] END,
             ${sqlArray(ADJECTIVES)}[r.a] || ' ' || ${sqlArray(SUBJECTS)}[r.s1] || ' with a ' || ${sqlArray(SUBJECTS)}[r.s2] || ', '
               || ${sqlArray(STYLES)}[r.st] || ', ' || ${sqlArray(MOMENTS)}[r.m] || ', highly detailed',
             ${sqlArray(TYPES.map((t) => t[1]))}[r.t], ${sqlArray(TYPES.map((t) => t[0]))}[r.t],
             CASE WHEN r.st2 < 0.03 THEN 'failed' WHEN r.st2 < 0.05 THEN 'processing' ELSE 'ready' END,
             CASE WHEN r.st2 < 0.05 THEN 40 ELSE 100 END,
             r.p < 0.10, r.i, 1024, 1024,
             'content/bench-' || r.i || '/thumb.webp', 'content/bench-' || r.i || '/preview.webp',
             'content/bench-' || r.i || '/original.png', 'image/png', 5, 5,
             floor(40 * random() ^ 3)::int, floor(8 * random() ^ 3)::int, floor(200 * random() ^ 3)::int,
             CASE WHEN r.i % 5 = 0 THEN NULL ELSE cat.ids[1 + r.i % array_length(cat.ids, 1)] END,
             ARRAY[${sqlArray(SUBJECTS)}[r.s1], split_part(${sqlArray(STYLES)}[r.st], ' ', 1), ${sqlArray(TYPES.map((t) => t[0]))}[r.t]],
             ts, ts, ts
      FROM r CROSS JOIN u CROSS JOIN cat
      CROSS JOIN LATERAL (SELECT now() - random() * interval '365 days' AS ts) AS d`);
  }
  await exec('VACUUM ANALYZE');
}

// ---------------------------------------------------------------- bare server

interface Statement {
  text: string;
  values?: unknown[];
}

type PoolQuery = (this: pg.Pool, ...args: unknown[]) => unknown;

/** Records every statement sent through any pg.Pool while `run` is in flight. */
async function captureStatements(run: () => Promise<void>): Promise<Statement[]> {
  const proto = pg.Pool.prototype as unknown as { query: PoolQuery };
  const original = proto.query;
  const seen: Statement[] = [];
  proto.query = function (this: pg.Pool, ...args: unknown[]) {
    const [first, second] = args;
    if (typeof first === 'string') seen.push({ text: first, values: Array.isArray(second) ? second : undefined });
    else if (first && typeof first === 'object' && 'text' in first) {
      const q = first as { text: string; values?: unknown[] };
      seen.push({ text: q.text, values: q.values ?? (Array.isArray(second) ? second : undefined) });
    }
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    proto.query = original;
  }
  // The request's reads (content, its owners, categories), not the queue's or the counters'.
  return seen.filter((s) => /\bfrom "(content(_search)?|users|categories)"/i.test(s.text) || /\bfrom (content|categories)\b/i.test(s.text));
}

/**
 * node:http + pg, nothing else: for a route it runs the recorded statements concurrently (as the
 * app's repository does with Promise.all) and answers the rows as JSON.
 */
function startBareServer(pool: pg.Pool, routes: Map<string, Statement[]>): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const statements = routes.get(req.url ?? '');
    if (!statements) {
      res.writeHead(404).end();
      return;
    }
    Promise.all(statements.map((s) => pool.query(s.text, s.values)))
      .then(([rows, ...rest]) => {
        const countRow = rest[0]?.rows[0] as Record<string, unknown> | undefined;
        const total = Number(countRow ? Object.values(countRow)[0] : 0);
        const body = JSON.stringify({ data: rows?.rows ?? [], pagination: { total } });
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
      })
      .catch((err: Error) => {
        res.writeHead(500).end(err.message);
      });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

// ---------------------------------------------------------------- run

async function sequential(url: string, n: number): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await fetch(url);
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${body.slice(0, 500)}`);
    ms.push(performance.now() - t0);
  }
  return ms;
}

const round = (n: number, d = 2) => Number(n.toFixed(d));

/** Several loads of one server as one: requests and time added up, latencies pooled. */
function mergeLoads(loads: LoadResult[]): LoadResult {
  const merged: LoadResult = { latenciesMs: [], wallMs: 0, ok: 0, statuses: {}, errors: 0, bytes: 0 };
  for (const l of loads) {
    merged.latenciesMs.push(...l.latenciesMs);
    merged.wallMs += l.wallMs;
    merged.ok += l.ok;
    merged.errors += l.errors;
    merged.bytes += l.bytes;
    for (const [status, n] of Object.entries(l.statuses)) merged.statuses[status] = (merged.statuses[status] ?? 0) + n;
  }
  return merged;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-gallery-'));
  const dbName = `atelier_bench_${randomBytes(4).toString('hex')}`;
  const dbUrl = withDatabase(PG_URL, dbName);
  if (new URL(PG_URL).hostname !== '127.0.0.1' && new URL(PG_URL).hostname !== 'localhost') {
    throw new Error('BENCH_PG_URL must point at this machine');
  }
  await adminQuery(PG_URL, `CREATE DATABASE ${dbName}`);
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_DISABLED: 'true',
    SEED_DEMO: 'false',
    DATABASE_URL: dbUrl,
  });
  const { deps, closeFanOut } = await openRuntime(config, pino({ level: 'warn' }));
  const app = await buildApp(deps, { webDir: null });
  const barePool = new pg.Pool({ connectionString: dbUrl, max: 10 });
  let bare: http.Server | null = null;
  const client = await forkLoadClient(import.meta.url);
  try {
    const seedStarted = performance.now();
    await seed((text) => deps.database.exec(text));
    const seedMs = performance.now() - seedStarted;
    const counts = (
      await deps.database.query<{ users: number; content: number; listed: number; matches: number }>(
        `SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM content) AS content,
                (SELECT count(*)::int FROM content WHERE status = 'ready' AND is_private = false) AS listed,
                (SELECT count(*)::int FROM content WHERE status = 'ready' AND is_private = false
                   AND search_vector @@ websearch_to_tsquery('english', $1)) AS matches`,
        [SEARCH],
      )
    ).rows[0]!;
    console.log(`seeded in ${(seedMs / 1000).toFixed(1)} s:`, counts);

    const appBase = await app.listen({ port: 0, host: '127.0.0.1' });
    // The cursor after the item CURSOR_DEPTH deep (or the last full page, on a smaller set), as a
    // client that scrolled that far holds it: the nextCursor of the page ending there.
    const depth = Math.min(CURSOR_DEPTH, Math.floor((counts.listed - PAGE_SIZE) / PAGE_SIZE) * PAGE_SIZE);
    const before = await app.inject({ method: 'GET', url: `/api/v1/content?page=${depth / PAGE_SIZE}&pageSize=${PAGE_SIZE}&sort=newest` });
    const cursor = (before.json() as { nextCursor: string | null }).nextCursor;
    if (before.statusCode !== 200 || !cursor) throw new Error(`no cursor ${depth} deep: ${before.body.slice(0, 500)}`);
    // What the cached cases read: the category, item and maker with the most public items.
    const picks = (
      await deps.database.query<{ category: string; item: string; maker: string }>(
        `SELECT (SELECT category_id FROM content WHERE status = 'ready' AND is_private = false AND category_id IS NOT NULL
                   GROUP BY category_id ORDER BY count(*) DESC LIMIT 1)::text AS category,
                (SELECT id FROM content WHERE status = 'ready' AND is_private = false ORDER BY created_at DESC LIMIT 1 OFFSET 3)::text AS item,
                (SELECT user_id FROM content WHERE status = 'ready' AND is_private = false
                   GROUP BY user_id ORDER BY count(*) DESC LIMIT 1)::text AS maker`,
      )
    ).rows[0]!;
    const allCases = [
      // A visitor's first pages are served from the public-read cache (platform/cache/public-reads.ts);
      // the bare server runs the SQL the app runs on a miss, every time.
      { name: 'first page (cached)', path: `/api/v1/content?page=1&pageSize=${PAGE_SIZE}&sort=newest` },
      { name: `deep page (${DEEP_PAGE})`, path: `/api/v1/content?page=${DEEP_PAGE}&pageSize=${PAGE_SIZE}&sort=newest` },
      { name: `cursor (${depth} deep)`, path: `/api/v1/content?pageSize=${PAGE_SIZE}&sort=newest&cursor=${cursor}` },
      {
        name: `search "${SEARCH}"`,
        path: `/api/v1/content/search?q=${encodeURIComponent(SEARCH)}&page=1&pageSize=${PAGE_SIZE}`,
      },
      { name: 'category first page (cached)', path: `/api/v1/category/${picks.category}/content?page=1&pageSize=${PAGE_SIZE}` },
      { name: 'content item (cached)', path: `/api/v1/content/${picks.item}` },
      { name: 'profile items first page (cached)', path: `/api/v1/users/${picks.maker}/content?page=1&pageSize=${PAGE_SIZE}` },
    ];
    // BENCH_ONLY=cached runs the cached cases alone (a shorter run).
    const cases = process.env.BENCH_ONLY === 'cached' ? allCases.filter((c) => c.name.endsWith('(cached)')) : allCases;

    const routes = new Map<string, Statement[]>();
    const captured: Record<string, string[]> = {};
    const inject = async (url: string) => {
      const res = await app.inject({ method: 'GET', url });
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
      const body = res.json() as { data: unknown[] | object; pagination?: { total: number } };
      if (Array.isArray(body.data) && body.data.length === 0) throw new Error(`${url} returned no rows (total ${body.pagination?.total})`);
    };
    for (const c of cases) {
      // The second request is captured: what the app sends per request once warm (a list total
      // that the app holds for a few seconds is then not re-counted, and the bare server does not
      // count it either).
      await inject(c.path);
      // Captured on a miss: the cache is emptied first, so the app runs its queries.
      deps.publicReads?.invalidateLocal();
      const statements = await captureStatements(() => inject(c.path));
      if (statements.length === 0) throw new Error(`no statements captured for ${c.path}`);
      routes.set(c.path, statements);
      captured[c.name] = statements.map((s) => s.text);
    }
    bare = await startBareServer(barePool, routes);
    const bareBase = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;

    const rows: ({
      case: string;
      server: string;
      perSecond: number;
      p50Ms: number;
      p95Ms: number;
      p99Ms: number;
    } & Record<string, unknown>)[] = [];
    const sequentialP50: Record<string, { app: number; bare: number }> = {};
    for (const c of cases) {
      const per: Record<'app' | 'bare', ReturnType<typeof summariseLoad>> = {} as never;
      const bases = { app: appBase, bare: bareBase };
      for (const server of ['app', 'bare'] as const) {
        await client.load({ url: `${bases[server]}${c.path}`, connections: CONNECTIONS, durationMs: 2000 }); // warm-up, not counted
      }
      // The two servers take turns, ROUNDS times, each for SECONDS / ROUNDS: on a shared machine the
      // load from others drifts within seconds, and alternating spreads it over both.
      const loads: Record<'app' | 'bare', LoadResult[]> = { app: [], bare: [] };
      for (let round = 0; round < ROUNDS; round++) {
        for (const server of round % 2 === 0 ? (['app', 'bare'] as const) : (['bare', 'app'] as const)) {
          const url = `${bases[server]}${c.path}`;
          loads[server].push(await client.load({ url, connections: CONNECTIONS, durationMs: (SECONDS * 1000) / ROUNDS }));
        }
      }
      for (const server of ['app', 'bare'] as const) {
        per[server] = summariseLoad(`${c.name} · ${server}`, mergeLoads(loads[server]));
        const { scenario: _scenario, ...figures } = per[server];
        rows.push({ case: c.name, server, ...figures });
      }
      rows.push({
        case: c.name,
        server: 'app/bare',
        perSecond: round(per.app.perSecond / per.bare.perSecond, 3),
        p50Ms: round(per.app.p50Ms / per.bare.p50Ms),
        p95Ms: round(per.app.p95Ms / per.bare.p95Ms),
        p99Ms: round(per.app.p99Ms / per.bare.p99Ms),
        appP99VsBareP50: round(per.app.p99Ms / per.bare.p50Ms),
      });
      sequentialP50[c.name] = {
        app: round(percentile(await sequential(`${appBase}${c.path}`, SEQUENTIAL), 50)),
        bare: round(percentile(await sequential(`${bareBase}${c.path}`, SEQUENTIAL), 50)),
        // (the app's cached cases were filled by the warm-up; nothing wrote since)
      };
    }

    const full = cases.length === allCases.length;
    const first = (server: string) => rows.find((r) => r.case === cases[0]!.name && r.server === server)!;
    const deep = (server: string) => rows.find((r) => r.case === cases[1]!.name && r.server === server)!;
    const deepVsFirst = full && {
      loadedP50: {
        app: round(deep('app').p50Ms / first('app').p50Ms),
        bare: round(deep('bare').p50Ms / first('bare').p50Ms),
      },
      loadedP95: {
        app: round(deep('app').p95Ms / first('app').p95Ms),
        bare: round(deep('bare').p95Ms / first('bare').p95Ms),
      },
      sequentialP50: {
        app: round(sequentialP50[cases[1]!.name]!.app / sequentialP50[cases[0]!.name]!.app),
        bare: round(sequentialP50[cases[1]!.name]!.bare / sequentialP50[cases[0]!.name]!.bare),
      },
    };
    const byCursor = (server: string) => rows.find((r) => r.case === cases[2]!.name && r.server === server)!;
    const cursorVsFirst = full && {
      loadedP50: {
        app: round(byCursor('app').p50Ms / first('app').p50Ms),
        bare: round(byCursor('bare').p50Ms / first('bare').p50Ms),
      },
      sequentialP50: {
        app: round(sequentialP50[cases[2]!.name]!.app / sequentialP50[cases[0]!.name]!.app),
        bare: round(sequentialP50[cases[2]!.name]!.bare / sequentialP50[cases[0]!.name]!.bare),
      },
    };
    const report = {
      database: deps.database.kind,
      date: new Date().toISOString(),
      cpus: os.cpus().length,
      rows: counts,
      seedSeconds: round(seedMs / 1000, 1),
      connections: CONNECTIONS,
      seconds: SECONDS,
      rounds: ROUNDS,
      pageSize: PAGE_SIZE,
      deepPage: DEEP_PAGE,
      cursorDepth: depth,
      search: SEARCH,
      results: rows,
      sequentialP50Ms: sequentialP50,
      deepVsFirst,
      cursorVsFirst,
      statements: captured,
      publicReadCache: deps.publicReads?.stats,
    };
    console.table(rows);
    console.log('public-read cache:', deps.publicReads?.stats);
    console.log(JSON.stringify({ sequentialP50Ms: sequentialP50, deepVsFirst, cursorVsFirst }, null, 2));
    const out = path.join(import.meta.dirname, '..', 'results');
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(path.join(out, `gallery-postgres-${Date.now()}.json`), JSON.stringify(report, null, 2));
  } finally {
    client.close();
    await new Promise<void>((resolve) => (bare ? bare.close(() => resolve()) : resolve()));
    await barePool.end();
    await app.close();
    await deps.queue.stop({ timeoutMs: 2000 }).catch(() => undefined);
    await deps.realtime.close();
    await closeFanOut();
    await deps.database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (process.env.BENCH_KEEP === '1') console.log(`kept database ${dbName} (BENCH_KEEP=1)`);
    else await adminQuery(PG_URL, `DROP DATABASE IF EXISTS ${dbName}`);
  }
}

runBench(main);
