/**
 * Per-request overhead: the app's trivial route (GET /api/v1/config: no database, a small JSON
 * reply) against a bare node:http server that sends exactly the same bytes (status, every header
 * the app sends but Date, and the body), each in its own process.
 *
 * Three processes besides this one: the app (openRuntime + buildApp, production settings, as
 * main.ts), the bare server, and the load client. Rounds alternate app, bare, app, bare… and for
 * each the figure is the throughput and the CPU time the server's process spent per request
 * answered (from its own process.cpuUsage, so the client's and the other server's do not count),
 * and the same less what the process spends idle (the app's queue polling and timers: measured for
 * 3 s with no load before the rounds).
 *
 *   npx tsx bench/overhead/run.ts          BENCH_SECONDS (5), BENCH_CONNECTIONS (32), BENCH_ROUNDS (3)
 *   BENCH_PROFILE=1                        the app process writes a .cpuprofile (node --cpu-prof) to bench/results
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { forkLoadClient, runBench, summariseLoad } from '../lib.js';

const SECONDS = Math.min(Number(process.env.BENCH_SECONDS ?? 5), 60);
const CONNECTIONS = Math.min(Number(process.env.BENCH_CONNECTIONS ?? 32), 256);
const ROUNDS = Math.min(Number(process.env.BENCH_ROUNDS ?? 3), 10);
const PATH = '/api/v1/config';
const OUT = path.join(import.meta.dirname, '..', 'results');

const round = (n: number, d = 2) => Number(n.toFixed(d));

/** Headers node:http writes itself (or that only describe this connection): not copied. */
const OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

interface Captured {
  status: number;
  /** [name, value, name, value, …] as the app sent them, minus OWN_HEADERS. */
  rawHeaders: string[];
  body: string;
}

type ToServer = { type: 'cpu' };
type FromServer = { type: 'ready'; port: number } | { type: 'cpu'; usage: NodeJS.CpuUsage };

/** The child side: serve, say the port, and answer CPU-usage questions until killed. */
function serveInChild(server: http.Server | { listen(): Promise<number> }, onStop?: () => Promise<void>): void {
  process.on('message', (msg: ToServer) => {
    if (msg.type === 'cpu') process.send?.({ type: 'cpu', usage: process.cpuUsage() } satisfies FromServer);
  });
  process.on('SIGTERM', () => {
    void (onStop?.() ?? Promise.resolve()).finally(() => process.exit(0));
  });
  const listen =
    server instanceof http.Server
      ? new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)))
      : server.listen();
  void listen.then((port) => process.send?.({ type: 'ready', port } satisfies FromServer));
}

async function appServer(): Promise<void> {
  const [{ batchedDestination, serverLoggers }, { buildApp }, { loadConfig }, { openRuntime }] = await Promise.all([
    import('../../apps/server/src/platform/log.js'),
    import('../../apps/server/src/app.js'),
    import('../../apps/server/src/config.js'),
    import('../../apps/server/src/runtime.js'),
  ]);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-overhead-'));
  // Production settings: info logging, rate limits on (this route has none of its own).
  const config = loadConfig({ ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'info', SEED_DEMO: 'false' });
  // The server's own loggers and destination (main.ts), writing to /dev/null.
  const { log, requestLine } = serverLoggers('info', batchedDestination('/dev/null'));
  const { deps, closeFanOut } = await openRuntime(config, log);
  const app = await buildApp(deps, { webDir: null, loggerInstance: log, requestLog: requestLine });
  // As main.ts does: the queue runs (pg-boss polling), so its background work is in the figure.
  await deps.queue.start();
  serveInChild(
    {
      listen: async () => {
        await app.listen({ port: 0, host: '127.0.0.1' });
        return (app.server.address() as AddressInfo).port;
      },
    },
    async () => {
      await app.close();
      await deps.queue.stop({ timeoutMs: 2000 }).catch(() => undefined);
      await deps.realtime.close();
      await closeFanOut();
      await deps.database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  );
}

function bareServer(file: string): void {
  const captured = JSON.parse(fs.readFileSync(file, 'utf8')) as Captured;
  const body = Buffer.from(captured.body);
  const server = http.createServer((_req, res) => {
    res.writeHead(captured.status, captured.rawHeaders);
    res.end(body);
  });
  serveInChild(server);
}

interface ServerProcess {
  base: string;
  cpu(): Promise<number>;
  stop(): Promise<void>;
}

async function startServer(args: string[], execArgv: string[] = []): Promise<ServerProcess> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), args, {
    execArgv: ['--import', 'tsx', ...execArgv],
    stdio: 'inherit',
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server ${args.join(' ')} exited (${String(code)})`)));
    const onMessage = (msg: FromServer) => {
      if (msg.type !== 'ready') return;
      child.off('message', onMessage);
      resolve(msg.port);
    };
    child.on('message', onMessage);
  });
  child.removeAllListeners('exit');
  return {
    base: `http://127.0.0.1:${port}`,
    cpu: () =>
      new Promise((resolve) => {
        const onMessage = (msg: FromServer) => {
          if (msg.type !== 'cpu') return;
          child.off('message', onMessage);
          resolve(msg.usage.user + msg.usage.system);
        };
        child.on('message', onMessage);
        child.send({ type: 'cpu' } satisfies ToServer);
      }),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 8000).unref();
      }),
  };
}

/** One GET as a client sees it: status, raw headers and body. */
function capture(url: string): Promise<Captured> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const rawHeaders: string[] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2)
            if (!OWN_HEADERS.has(res.rawHeaders[i]!.toLowerCase())) rawHeaders.push(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
          resolve({ status: res.statusCode ?? 0, rawHeaders, body: Buffer.concat(chunks).toString() });
        });
      })
      .on('error', reject);
  });
}

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  const profile = process.env.BENCH_PROFILE === '1' ? ['--cpu-prof', `--cpu-prof-dir=${OUT}`] : [];
  const app = await startServer(['--app-server'], profile);
  const capturedFile = path.join(os.tmpdir(), `atelier-bench-bare-${process.pid}.json`);
  const client = await forkLoadClient(import.meta.url);
  let bare: ServerProcess | null = null;
  try {
    const sample = await capture(`${app.base}${PATH}`);
    if (sample.status !== 200) throw new Error(`${PATH} answered ${sample.status}`);
    fs.writeFileSync(capturedFile, JSON.stringify(sample));
    bare = await startServer(['--bare-server', capturedFile]);
    const check = await capture(`${bare.base}${PATH}`);
    if (check.body !== sample.body || JSON.stringify(check.rawHeaders) !== JSON.stringify(sample.rawHeaders))
      throw new Error('the bare server does not send the bytes the app sends');
    console.log(`both send ${Buffer.byteLength(sample.body)} body bytes and these headers: ${sample.rawHeaders.filter((_, i) => i % 2 === 0).join(', ')}`);

    const load = (base: string) => client.load({ url: `${base}${PATH}`, connections: CONNECTIONS, durationMs: SECONDS * 1000 });
    await load(app.base); // warm both before measuring
    await load(bare.base);
    // What each process spends with no request at all (the app's queue polling, timers), per second:
    // the "net" CPU per request takes it out.
    const idleRate = async (server: ServerProcess) => {
      const before = await server.cpu();
      const started = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 3000));
      return ((await server.cpu()) - before) / ((performance.now() - started) / 1000);
    };
    const idle = { app: await idleRate(app), bare: await idleRate(bare) };
    console.log(`idle CPU: app ${Math.round(idle.app / 1000)} ms/s, bare ${Math.round(idle.bare / 1000)} ms/s`);
    const measured = async (server: ServerProcess, name: 'app' | 'bare') => {
      const before = await server.cpu();
      const started = performance.now();
      const summary = summariseLoad(name, await load(server.base));
      const cpuUs = (await server.cpu()) - before;
      const seconds = (performance.now() - started) / 1000;
      const ops = Math.max(1, summary.operations);
      return { ...summary, cpuUsPerRequest: cpuUs / ops, netCpuUsPerRequest: Math.max(0, cpuUs - idle[name] * seconds) / ops };
    };
    const rows = [];
    for (let i = 1; i <= ROUNDS; i++) {
      const a = await measured(app, 'app');
      const b = await measured(bare, 'bare');
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
        appNetCpuUs: round(a.netCpuUsPerRequest, 1),
        bareNetCpuUs: round(b.netCpuUsPerRequest, 1),
        netCpuRatio: round(b.netCpuUsPerRequest / a.netCpuUsPerRequest, 3),
        appErrors: a.errors + a.non2xx,
      });
    }
    console.log(`load average ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}; ${CONNECTIONS} connections, ${SECONDS} s each`);
    console.table(rows);
    fs.writeFileSync(path.join(OUT, `overhead-${Date.now()}.json`), JSON.stringify({ rows, idleCpuUsPerSecond: idle, loadavg: os.loadavg() }, null, 2));
  } finally {
    client.close();
    await bare?.stop();
    await app.stop();
    fs.rmSync(capturedFile, { force: true });
  }
}

if (process.argv[2] === '--app-server') void appServer();
else if (process.argv[2] === '--bare-server') bareServer(process.argv[3]!);
else runBench(main);
