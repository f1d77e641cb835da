import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './app.js';
import { createUser, type TestUser } from './factories.js';

/**
 * Malformed input against every route of the OpenAPI document, as a visitor and as a signed-in
 * person: wrong types, huge strings, NUL and broken Unicode, deep JSON, bad JSON, bad multipart,
 * bad path and query parameters. A fixed seed and a fixed count, so a failure replays exactly.
 * No answer may be a 5xx, and a rejected request may change nothing that is stored.
 */

const SEED = 0x5eed_2026;
const VARIANTS_PER_ROUTE = 6;

/** mulberry32: small, fast, and the same sequence on every machine. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (max: number) => Math.floor(next() * max),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

const deepJson = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

const BAD_STRINGS = [
  'nul\u0000byte',
  '\u0000',
  'lone \uD800 surrogate',
  '\uDFFF',
  'x'.repeat(100_000),
  '',
  ' ',
  '💥'.repeat(5_000),
  "'; DROP TABLE users; --",
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '-1',
  '1e309',
];

const BAD_VALUES: unknown[] = [
  ...BAD_STRINGS,
  null,
  true,
  -1,
  0,
  1.5,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  [],
  ['a', 1, null],
  {},
  { nested: { deeper: ['nul\u0000'] } },
];

const BAD_PATH_SEGMENTS = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  'x'.repeat(3000),
  '-1',
  '0',
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
  '%2e%2e%2f%2e%2e',
  '%F0%9F%92%A5',
  '99999999999999999999999',
];

const BAD_QUERY_VALUES = ['%00', 'a%00', '%ED%A0%80', 'x'.repeat(5000), '-1', '1e309', 'NaN', '[]', '{}', '%FF%FE'];

interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyProps: string[];
  hasBody: boolean;
  multipart: boolean;
}

interface OpenApiDoc {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string }[];
        requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
      }
    >
  >;
}

function operations(doc: OpenApiDoc): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const params = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      const schema = content['application/json']?.schema ?? Object.values(content)[0]?.schema;
      ops.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
        bodyProps: Object.keys(schema?.properties ?? {}),
        hasBody: Boolean(op.requestBody),
        multipart: 'multipart/form-data' in content,
      });
    }
  }
  return ops.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}

interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  kind: string;
}

function fillPath(op: Operation, rand: ReturnType<typeof prng>, bad: boolean): string {
  let url = op.path;
  for (const name of op.pathParams) {
    const value = bad ? rand.pick(BAD_PATH_SEGMENTS) : '00000000-0000-4000-8000-000000000000';
    url = url.replace(`{${name}}`, value);
  }
  return url;
}

function badBody(op: Operation, rand: ReturnType<typeof prng>): { payload: string; kind: string } {
  const choice = rand.int(7);
  if (choice === 0) return { payload: deepJson(10_000 + rand.int(10_000)), kind: 'deep JSON array' };
  if (choice === 1) return { payload: deepObject(10_000), kind: 'deep JSON object' };
  if (choice === 2)
    return {
      payload: rand.pick(['{"a":', '{,}', 'nul\u0000', '[1,2', '"\\ud800"', '{"a":"\\u0000"}']),
      kind: 'broken JSON',
    };
  if (choice === 3) return { payload: JSON.stringify(rand.pick(BAD_VALUES)), kind: 'not an object' };
  // An object of the route's own fields, each with a wrong or hostile value.
  const props = op.bodyProps.length > 0 ? op.bodyProps : ['name', 'email', 'id'];
  const body: Record<string, unknown> = {};
  for (const prop of props) if (rand.next() < 0.8) body[prop] = rand.pick(BAD_VALUES);
  if (choice === 4) body[rand.pick(props)] = rand.pick(['nul\u0000', '\uD800', 'a\u0000'.repeat(10)]);
  if (choice === 5) body.__proto__polluted = { isAdmin: true };
  return { payload: JSON.stringify(body), kind: 'hostile fields' };
}

const B = 'fuzz-boundary';
function badMultipart(rand: ReturnType<typeof prng>): { payload: string; contentType: string; kind: string } {
  const field = (name: string, value: string) =>
    `--${B}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const options = [
    {
      payload: `${field('title', 'x')}--${B}--\r\n`,
      contentType: 'multipart/form-data',
      kind: 'multipart without boundary',
    },
    {
      payload: `--${B}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\u0089PNG`,
      contentType: `multipart/form-data; boundary=${B}`,
      kind: 'cut-off multipart',
    },
    {
      payload: `${field('title', 'nul\u0000')}${field('prompt', 'nul\u0000')}${field('bio', 'nul\u0000')}${field('name', 'nul\u0000')}--${B}--\r\n`,
      contentType: `multipart/form-data; boundary=${B}`,
      kind: 'multipart with NUL',
    },
    { payload: '\u00ff\u0000garbage', contentType: `multipart/form-data; boundary=${B}`, kind: 'multipart garbage' },
    {
      payload: `${field('tags', 'x'.repeat(200_000))}--${B}--\r\n`,
      contentType: `multipart/form-data; boundary=${B}`,
      kind: 'multipart huge field',
    },
  ];
  return rand.pick(options);
}

function variants(op: Operation, rand: ReturnType<typeof prng>, auth: Record<string, string>): FuzzRequest[] {
  const out: FuzzRequest[] = [];
  const api = (path: string, query = '') => `${path}${query ? `?${query}` : ''}`;
  for (let i = 0; i < VARIANTS_PER_ROUTE; i++) {
    const badPath = op.pathParams.length > 0 && rand.next() < 0.5;
    const path = fillPath(op, rand, badPath);
    const queryNames = op.queryParams.length > 0 ? op.queryParams : ['q', 'page'];
    const query = queryNames
      .filter(() => rand.next() < 0.7)
      .map((name) => {
        const value = rand.pick(BAD_QUERY_VALUES);
        return rand.next() < 0.2
          ? `${name}=${value}&${name}=${value}`
          : rand.next() < 0.1
            ? `${name}[x]=${value}`
            : `${name}=${value}`;
      })
      .join('&');
    const url = api(path, query);
    if (op.method === 'GET' || op.method === 'DELETE') {
      const withBody = op.method === 'DELETE' && rand.next() < 0.5 ? badBody(op, rand) : null;
      out.push({
        method: op.method,
        url,
        headers: { ...auth, ...(withBody ? { 'content-type': 'application/json' } : {}) },
        ...(withBody ? { payload: withBody.payload } : {}),
        kind: withBody ? withBody.kind : badPath ? 'bad path' : 'bad query',
      });
      continue;
    }
    const roll = rand.next();
    if (op.multipart || roll < 0.2) {
      const form = badMultipart(rand);
      out.push({
        method: op.method,
        url,
        headers: { ...auth, 'content-type': form.contentType },
        payload: form.payload,
        kind: form.kind,
      });
    } else if (roll < 0.27) {
      out.push({
        method: op.method,
        url,
        headers: { ...auth, 'content-type': 'text/plain' },
        payload: 'nul\u0000',
        kind: 'wrong content type',
      });
    } else {
      const body = badBody(op, rand);
      out.push({
        method: op.method,
        url,
        headers: { ...auth, 'content-type': 'application/json' },
        payload: body.payload,
        kind: body.kind,
      });
    }
  }
  return out;
}

let t: TestContext;
let tables: string[];
let stateQuery: string;
beforeAll(async () => {
  t = await createTestApp();
  // As in a running server: the job queue is up, so readiness answers as it would in production.
  await t.deps.queue.start();
  const { rows } = await t.deps.database.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
       AND table_name NOT IN ('rate_limit_counters', 'schema_migrations')
       AND table_name NOT LIKE 'presence%' AND table_name NOT LIKE 'socket_io%'
     ORDER BY table_name`,
  );
  tables = rows.map((r) => r.name);
  const counts = tables.map((name) => `(SELECT count(*) FROM "${name}")`).join(` || ',' || `);
  stateQuery = `SELECT ${counts} || ',' || (SELECT coalesce(sum(credits), 0) FROM users) AS state`;
});
afterAll(async () => t.close());

/** How many rows each table holds, and the sum of every balance: what a rejected request must not move. */
async function stateOf(): Promise<string> {
  const { rows } = await t.deps.database.query<{ state: string }>(stateQuery);
  return rows[0]?.state ?? '';
}

/** A feature this server has not been given credentials for says so; that is not a failure. */
const isNotConfigured = (status: number, body: string) =>
  status === 503 && /is not configured on this server/.test(body);

describe('every route, fed malformed input', () => {
  it(
    'never answers 5xx, and a rejected request changes nothing',
    async () => {
      const doc = t.app.swagger() as unknown as OpenApiDoc;
      const ops = operations(doc);
      expect(ops.length).toBeGreaterThan(80);
      const rand = prng(SEED);
      const failures: string[] = [];
      let sent = 0;
      let rejected = 0;

      for (const op of ops) {
        // A fresh signed-in person per route, so a sign-out or deletion earlier cannot spoil the rest.
        const user: TestUser = await createUser(t.deps, { credits: 0 });
        // Reads are checked per route and caller; writes one by one.
        const isRead = op.method === 'GET';
        let state = await stateOf();
        for (const [who, auth] of [
          ['visitor', {}],
          ['signed in', user.headers],
        ] as const) {
          let readsRejected = true;
          for (const req of variants(op, rand, auth)) {
            const before = state;
            const res = await t.app.inject({
              method: req.method as 'GET',
              url: req.url,
              headers: req.headers,
              ...(req.payload !== undefined ? { payload: req.payload } : {}),
            });
            sent += 1;
            const what = `${req.method} ${req.url.slice(0, 120)} (${who}, ${req.kind})`;
            if (res.statusCode >= 500 && !isNotConfigured(res.statusCode, res.body)) {
              failures.push(`${what} → ${res.statusCode} ${res.body.slice(0, 200)}`);
            }
            if (res.statusCode >= 400) rejected += 1;
            if (isRead) {
              readsRejected &&= res.statusCode >= 400;
              continue;
            }
            // The state after this request is the state before the next one.
            state = await stateOf();
            if (res.statusCode >= 400 && state !== before)
              failures.push(`${what} → ${res.statusCode} but the stored state changed`);
          }
          if (isRead) {
            const after = await stateOf();
            if (readsRejected && after !== state)
              failures.push(`${op.method} ${op.path} (${who}): rejected reads changed the stored state`);
            state = after;
          }
        }
      }

      expect(failures, failures.slice(0, 30).join('\n')).toEqual([]);
      // Enough happened to mean something, within the time budget.
      expect(sent).toBe(ops.length * 2 * VARIANTS_PER_ROUTE);
      expect(rejected).toBeGreaterThan(sent * 0.85);
    },
    // About 2,000 requests: some 15 s on an idle machine; the bound leaves room for a busy one.
    100_000,
  );
});
