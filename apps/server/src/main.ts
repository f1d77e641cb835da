import fs from 'node:fs';
import pino from 'pino';
import { appMetrics, buildApp } from './app.js';
import { loadConfig } from './config.js';
import { batchedDestination, serverLoggers } from './platform/log.js';
import { startBackground } from './background.js';
import { openRuntime } from './runtime.js';
import { keepServingOnUnhandledRejection } from './platform/process-faults.js';
import { closeHttp, runShutdown } from './platform/shutdown.js';

/** Every shutdown step's bound added up (13 s), and a little more. */
const SHUTDOWN_WATCHDOG_MS = 14_000;
import { startMetricsServer, type Lifecycle } from './platform/observability/http.js';

async function main(): Promise<void> {
  const config = loadConfig();
  fs.mkdirSync(config.dataDir, { recursive: true });
  const { log, requestLine } = serverLoggers(
    config.LOG_LEVEL,
    process.stdout.isTTY
      ? pino.transport({ target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } })
      : batchedDestination(),
  );
  keepServingOnUnhandledRejection(process, log);

  const { deps, closeFanOut } = await openRuntime(config, log);
  const { database, queue, realtime } = deps;
  const isApi = config.ROLE !== 'worker';
  const lifecycle: Lifecycle = { draining: false };
  deps.lifecycle = lifecycle;
  const app = await buildApp(deps, { loggerInstance: log, requestLog: requestLine });
  if (isApi) realtime.attach(app.server);
  await queue.start();
  // Workers and timers of this ROLE (background.ts): the worker's jobs, the API's presence heartbeat.
  const background = await startBackground(config.ROLE, deps, log);

  const metricsServer =
    config.METRICS_PORT === undefined
      ? null
      : await startMetricsServer({ port: config.METRICS_PORT, host: config.HOST, metrics: appMetrics(deps), token: config.METRICS_TOKEN });
  if (metricsServer) {
    const address = metricsServer.address();
    log.info({ port: typeof address === 'object' && address ? address.port : config.METRICS_PORT }, 'metrics served on their own port');
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const delay = isApi ? config.SHUTDOWN_DELAY_MS : 0;
    // The last resort, past every step's own bound: an orchestrator gives SHUTDOWN_DELAY_MS + 15 s.
    const timer = setTimeout(() => process.exit(1), delay + SHUTDOWN_WATCHDOG_MS).unref();
    // Readiness answers 503 at once; the listener stays open for SHUTDOWN_DELAY_MS so a load
    // balancer notices and stops sending new requests before it closes.
    lifecycle.draining = true;
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    // Sockets first (they would hold the HTTP server open), then the listener closes and
    // requests in flight finish (a new request on a kept-alive connection gets a 503), then the
    // background work: the workers' running items go back to the queue, and the next start
    // picks them up; this node's presence rows go. Every step runs, each within its own time.
    const failed = await runShutdown(
      [
        { name: 'sockets', timeoutMs: 1000, run: () => realtime.close() },
        { name: 'http', timeoutMs: 4000, run: () => closeHttp(app, 3000) },
        { name: 'background', timeoutMs: 3000, run: () => background.stop() },
        { name: 'queue', timeoutMs: 3000, run: () => queue.stop({ timeoutMs: 2500 }) },
        { name: 'fan-out', timeoutMs: 1000, run: () => closeFanOut() },
        { name: 'database', timeoutMs: 1000, run: () => database.close() },
        { name: 'metrics', timeoutMs: 500, run: async () => metricsServer?.close() },
      ],
      app.log,
    );
    clearTimeout(timer);
    app.log.info({ failed }, 'shut down');
    await new Promise((resolve) => setTimeout(resolve, 50));
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  if (!isApi) {
    app.log.info(`Atelier worker is running (database: ${database.kind}, data: ${config.dataDir})`);
    return;
  }
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Atelier is running on ${config.PUBLIC_URL} (role: ${config.ROLE}, database: ${database.kind}, data: ${config.dataDir})`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
