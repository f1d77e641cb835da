/**
 * Per-request overhead: the app's trivial route (GET /api/v1/config: no database, a small JSON
 * reply) against a bare node:http server sending the same bytes, in the same run.
 *
 * Both servers live in this process and are loaded one at a time, alternating, by a client in a
 * child process (so the client does not share their event loop). The ratio of their throughputs
 * is the figure: everything the app does per request (routing, hooks, auth, rate-limit lookups,
 * logging, serialisation, security headers) beyond writing a reply.
 *
 *   npx tsx bench/overhead/run.ts          BENCH_SECONDS (5), BENCH_CONNECTIONS (32), BENCH_ROUNDS (2)
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { batchedDestination, serverLoggers } from '../../apps/server/src/platform/log.js';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { openRuntime } from '../../apps/server/src/runtime.js';
import { forkLoadClient, runBench, summariseLoad } from '../lib.js';

const SECONDS = Math.min(Number(process.env.BENCH_SECONDS ?? 5), 60);
const CONNECTIONS = Math.min(Number(process.env.BENCH_CONNECTIONS ?? 32), 256);
const ROUNDS = Math.min(Number(process.env.BENCH_ROUNDS ?? 2), 10);
const PATH = '/api/v1/config';


const round = (n: number, d = 2) => Number(n.toFixed(d));

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-overhead-'));
  // Production settings: info logging, rate limits on (this route has none of its own).
  const config = loadConfig({ ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'info', SEED_DEMO: 'false' });
  // The server's own loggers and destination (main.ts), writing to /dev/null.
  const { log, requestLine } = serverLoggers('info', batchedDestination('/dev/null'));
  const { deps, closeFanOut } = await openRuntime(config, log);
  const app = await buildApp(deps, { webDir: null, loggerInstance: log, requestLog: requestLine });
  const client = await forkLoadClient(import.meta.url);
  let bare: http.Server | null = null;
  try {
    const appBase = await app.listen({ port: 0, host: '127.0.0.1' });
    const sample = await app.inject({ method: 'GET', url: PATH });
    if (sample.statusCode !== 200) throw new Error(`${PATH} answered ${sample.statusCode}`);
    const body = sample.body;
    bare = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    });
    await new Promise<void>((resolve) => bare!.listen(0, '127.0.0.1', resolve));
    const bareBase = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;

    const load = (base: string) => client.load({ url: `${base}${PATH}`, connections: CONNECTIONS, durationMs: SECONDS * 1000 });
    await load(appBase); // warm both before measuring
    await load(bareBase);
    // CPU time of this process per request answered (both servers run here; the client does not):
    // steadier than throughput on a shared machine, since others' load moves it much less.
    const measured = async (base: string, name: string) => {
      const before = process.cpuUsage();
      const summary = summariseLoad(name, await load(base));
      const cpu = process.cpuUsage(before);
      return { ...summary, cpuUsPerRequest: (cpu.user + cpu.system) / Math.max(1, summary.operations) };
    };
    const rows = [];
    for (let i = 1; i <= ROUNDS; i++) {
      const a = await measured(appBase, 'app');
      const b = await measured(bareBase, 'bare');
      rows.push({
        round: i,
        appPerSecond: a.perSecond,
        barePerSecond: b.perSecond,
        ratio: round(a.perSecond / b.perSecond, 3),
        appP50Ms: a.p50Ms,
        bareP50Ms: b.p50Ms,
        appCpuUs: round(a.cpuUsPerRequest, 1),
        bareCpuUs: round(b.cpuUsPerRequest, 1),
        cpuRatio: round(b.cpuUsPerRequest / a.cpuUsPerRequest, 3),
        appErrors: a.errors + a.non2xx,
      });
    }
    console.log(`load average ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}; ${CONNECTIONS} connections, ${SECONDS} s each`);
    console.table(rows);
    const out = path.join(import.meta.dirname, '..', 'results');
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(path.join(out, `overhead-${Date.now()}.json`), JSON.stringify({ rows, loadavg: os.loadavg() }, null, 2));
  } finally {
    client.close();
    await new Promise<void>((resolve) => (bare ? bare.close(() => resolve()) : resolve()));
    await app.close();
    await deps.queue.stop({ timeoutMs: 2000 }).catch(() => undefined);
    await deps.realtime.close();
    await closeFanOut();
    await deps.database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

runBench(main);
