import type { AppDeps } from '../../platform/http/types.js';
import type { ActivityEvent } from '../../platform/module-hooks.js';
import type { QueueDefinition } from '../../platform/queue/queue.js';
import { NOTIFICATIONS_QUEUE, deliver, sendDueDigests, type NotificationsDeps } from './notifications.service.js';

export const notificationsQueueDefinition: QueueDefinition = {
  name: NOTIFICATIONS_QUEUE,
  retryLimit: 3,
  retryDelaySeconds: 10,
  expireInSeconds: 300,
};

/** How often the worker looks for emails that are due. */
const DIGEST_SWEEP_MS = 60_000;
const WORKER_CONCURRENCY = 4;

export function notificationsDeps(deps: Pick<AppDeps, 'database' | 'clock' | 'realtime' | 'mailer' | 'tokens' | 'config'>, log: NotificationsDeps['log']): NotificationsDeps {
  return {
    db: deps.database.db,
    clock: deps.clock,
    realtime: deps.realtime,
    mailer: deps.mailer,
    tokens: deps.tokens,
    publicUrl: deps.config.PUBLIC_URL,
    log,
  };
}

/**
 * The notifications worker (ROLE worker or all): one job per activity runs its processor off the
 * request; with `digests`, the due emails are sent every minute (tests send them themselves).
 */
export async function startNotificationsWorker(
  deps: Pick<AppDeps, 'queue'> & NotificationsDeps,
  opts: { digests: boolean },
): Promise<{ stop(): Promise<void> }> {
  await deps.queue.define(notificationsQueueDefinition);
  await deps.queue.work<ActivityEvent>(NOTIFICATIONS_QUEUE, { concurrency: WORKER_CONCURRENCY }, (job) => deliver(deps, job.data));
  const timer = opts.digests
    ? setInterval(() => {
        sendDueDigests(deps).catch((err: unknown) => deps.log.error({ err }, 'notification email sweep failed'));
      }, DIGEST_SWEEP_MS)
    : null;
  timer?.unref();
  return {
    stop: async () => {
      if (timer) clearInterval(timer);
      await deps.queue.offWork(NOTIFICATIONS_QUEUE);
    },
  };
}
