/**
 * Generation accept latency and throughput, against a baseline of plain inserts in the same run.
 *
 *   npx tsx bench/generation/run.ts                      # embedded PGlite
 *   DATABASE_URL=postgres://… npx tsx bench/generation/run.ts
 *   BENCH_COUNT=200 BENCH_CONCURRENCY=16 npx tsx bench/generation/run.ts
 *
 * It runs the real server in-process on 127.0.0.1 with the local renderer and the cheapest-to-render
 * type (vector), and reports: plain INSERT latency (baseline), POST /content/generate latency over
 * HTTP, their ratio, and jobs completed per second by the in-process worker.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { generationDeps } from '../../apps/server/src/modules/generation/generation.deps.js';
import { startGenerationWorker } from '../../apps/server/src/modules/generation/generation.worker.js';
import { openRuntime } from '../../apps/server/src/runtime.js';
import { runPool, summarise } from '../lib.js';

const COUNT = Number(process.env.BENCH_COUNT ?? 100);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const COMPLETION_TIMEOUT_MS = 300_000;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SIGNUP_CREDITS: String(COUNT * 10 + 100),
    RATE_LIMIT_DISABLED: 'true',
    SEED_DEMO: 'false',
    GENERATION_PROVIDER: 'local',
  });
  const log = pino({ level: 'warn' });
  const { deps, closeFanOut } = await openRuntime(config, log);
  const app = await buildApp(deps);
  deps.realtime.attach(app.server);
  await deps.queue.start();
  const worker = await startGenerationWorker(generationDeps(deps));
  const base = await app.listen({ port: 0, host: '127.0.0.1' });

  try {
    const suffix = Date.now().toString(36);
    const register = await fetch(`${base}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        fullName: 'Bench User',
        username: `bench_${suffix}`,
        email: `bench.${suffix}@example.test`,
        password: 'BenchPass123',
      }),
    });
    if (register.status !== 201) throw new Error(`register failed: ${register.status} ${await register.text()}`);
    const { data } = (await register.json()) as { data: { accessToken: string; user: { id: string } } };

    // Baseline: the same number of plain single-row inserts through the same database, same concurrency.
    await deps.database.exec(
      'CREATE TABLE IF NOT EXISTS bench_plain_insert (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), owner_id uuid NOT NULL, prompt text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())',
    );
    const baseline = await runPool(COUNT, CONCURRENCY, async (i) => {
      await deps.database.query('INSERT INTO bench_plain_insert (owner_id, prompt) VALUES ($1, $2)', [
        data.user.id,
        `baseline prompt ${i}`,
      ]);
    });
    await deps.database.exec('DROP TABLE bench_plain_insert');

    const ids: string[] = [];
    const accepted = await runPool(COUNT, CONCURRENCY, async (i) => {
      const res = await fetch(`${base}/api/v1/content/generate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${data.accessToken}` },
        body: JSON.stringify({ contentType: 'vector', model: 'stable-diffusion-xl', prompt: `geometric mountain logo number ${i}` }),
      });
      if (res.status !== 201) throw new Error(`generate failed: ${res.status} ${await res.text()}`);
      ids.push(((await res.json()) as { data: { id: string } }).data.id);
    });
    const acceptStarted = performance.now() - accepted.wallMs;

    let done = 0;
    while (performance.now() - acceptStarted < COMPLETION_TIMEOUT_MS) {
      const { rows } = await deps.database.query<{ n: string }>(
        "SELECT count(*)::text AS n FROM content WHERE id = ANY($1::uuid[]) AND status IN ('ready', 'failed')",
        [ids],
      );
      done = Number(rows[0]?.n ?? 0);
      if (done >= ids.length) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const completionMs = performance.now() - acceptStarted;

    const baselineRow = summarise('baseline: plain INSERT', baseline);
    const acceptRow = summarise('POST /content/generate (accept)', accepted);
    const report = {
      database: deps.database.kind,
      count: COUNT,
      concurrency: CONCURRENCY,
      rows: [baselineRow, acceptRow],
      acceptP50VsBaseline: Number((acceptRow.p50Ms / baselineRow.p50Ms).toFixed(1)),
      acceptThroughputVsBaseline: Number((acceptRow.perSecond / baselineRow.perSecond).toFixed(3)),
      jobsCompleted: done,
      jobsPerSecond: Number(((done / completionMs) * 1000).toFixed(2)),
    };
    console.table(report.rows);
    console.log(JSON.stringify(report, null, 2));
    const out = path.join(import.meta.dirname, '..', 'results');
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(path.join(out, `generation-${deps.database.kind}-${Date.now()}.json`), JSON.stringify(report, null, 2));
    if (done < ids.length) throw new Error(`only ${done} of ${ids.length} jobs finished in time`);
  } finally {
    await deps.realtime.close();
    await app.close();
    await worker.stop();
    await deps.queue.stop({ timeoutMs: 5000 });
    await closeFanOut();
    await deps.database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
