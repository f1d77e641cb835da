import type { AppDeps } from './platform/http/types.js';
import { startTasks, type BackgroundTask, type ProcessRole, type RunningTasks } from './platform/background.js';
import { billingDeps, startBillingSweeps } from './modules/billing/index.js';
import { startRollupFolding } from './modules/dashboards/index.js';
import { describeDemoSeed, isDemoSeedEnabled, seedDemoData } from './modules/content/index.js';
import { startWebhookWorker, webhooksDeps } from './modules/developers/index.js';
import { generationDeps, startGenerationWorker } from './modules/generation/index.js';
import { notificationsDeps, startNotificationsWorker } from './modules/notifications/index.js';
import { moduleHooks } from './modules/hooks.js';
import { createLocalProvider } from './providers/generation/local/local-provider.js';

/** What background work logs through: pino in a process, a capture or nothing in tests. */
export interface BackgroundLog {
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
  error(obj: object, msg?: string): void;
  child?(bindings: Record<string, unknown>): BackgroundLog;
}

const forModule = (log: BackgroundLog, module: string): BackgroundLog => log.child?.({ module }) ?? log;

/**
 * Everything a process runs besides answering requests, in the order it starts (it stops in
 * reverse). `api` work belongs to each process that holds sockets; `worker` work to each process
 * that takes jobs; ROLE=all runs both. Route registration starts nothing.
 */
export const BACKGROUND: readonly BackgroundTask<AppDeps, BackgroundLog>[] = [
  {
    // Keeps this process's sockets counted online for every other process.
    name: 'presence-heartbeat',
    roles: ['api'],
    start: async (deps) => deps.presence.startHeartbeat(),
  },
  {
    // A fresh, empty database gets the demo gallery; the server answers while it is rendered.
    name: 'demo-seed',
    roles: ['api'],
    isEnabled: (deps) => isDemoSeedEnabled(deps.config),
    start: async (deps, log) => {
      const { database, storage, clock } = deps;
      void seedDemoData({ db: database.db, storage, provider: createLocalProvider(), clock, log })
        .then((result) => log.info(describeDemoSeed(result)))
        .catch((err: unknown) => log.warn({ err }, 'demo data could not be created'));
      // A seed cut short by shutdown is left as it is, as an interrupted start would leave it.
      return { stop: async () => undefined };
    },
  },
  {
    name: 'generation-worker',
    roles: ['worker'],
    // Finished and failed items are told to the module list (notifications hear of them).
    start: (deps, log) =>
      startGenerationWorker(generationDeps({ ...deps, hooks: moduleHooks(deps) }, forModule(log, 'generation'))),
  },
  {
    name: 'webhook-worker',
    roles: ['worker'],
    start: (deps, log) => startWebhookWorker(webhooksDeps(deps, forModule(log, 'webhooks'))),
  },
  {
    // Notifications: each activity's job, off the request; and every minute, the emails that are due.
    name: 'notifications-worker',
    roles: ['worker'],
    start: (deps, log) =>
      startNotificationsWorker(
        { queue: deps.queue, ...notificationsDeps(deps, forModule(log, 'notifications')) },
        { digests: deps.config.NODE_ENV !== 'test' },
      ),
  },
  {
    // Subscription renewals and checkout expiry, once a minute on one worker; tests call the sweeps themselves.
    name: 'billing-sweeps',
    roles: ['worker'],
    isEnabled: (deps) => deps.config.NODE_ENV !== 'test',
    start: (deps, log) => startBillingSweeps(billingDeps(deps), deps.queue, forModule(log, 'billing')),
  },
  {
    // Folds the dashboards' rollup changes into their days, once a minute on one worker; tests fold when they mean to.
    name: 'dashboard-rollups',
    roles: ['worker'],
    isEnabled: (deps) => deps.config.NODE_ENV !== 'test',
    start: (deps, log) => startRollupFolding(deps.database, deps.queue, forModule(log, 'dashboards')),
  },
];

/** Starts exactly the background work of this ROLE; the returned stop ends all of it. */
export function startBackground(
  role: ProcessRole,
  deps: AppDeps,
  log: BackgroundLog,
  tasks: readonly BackgroundTask<AppDeps, BackgroundLog>[] = BACKGROUND,
): Promise<RunningTasks> {
  return startTasks(tasks, role, deps, log);
}
