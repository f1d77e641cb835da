import type { AppDeps } from '../../platform/http/types.js';
import type { ActivityEvent } from '../../platform/module-hooks.js';
import { startMinuteSweep, type QueueDefinition } from '../../platform/queue/queue.js';
import { NOTIFICATIONS_QUEUE, deliver, sendDueDigests, type NotificationsDeps } from './notifications.service.js';

export const notificationsQueueDefinition: QueueDefinition = {
  name: NOTIFICATIONS_QUEUE,
  retryLimit: 3,
  retryDelaySeconds: 10,
  expireInSeconds: 300,
};

/** The queue of the once-a-minute look for emails that are due. */
const DIGEST_SWEEP_QUEUE = 'notification-digests';
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
 * request; with `digests`, the emails that are due are sent once a minute by one worker process of
 * all (tests send them themselves).
 */
export async function startNotificationsWorker(
  deps: Pick<AppDeps, 'queue'> & NotificationsDeps,
  opts: { digests: boolean },
): Promise<{ stop(): Promise<void> }> {
  await deps.queue.define(notificationsQueueDefinition);
  await deps.queue.work<ActivityEvent>(NOTIFICATIONS_QUEUE, { concurrency: WORKER_CONCURRENCY }, (job) => deliver(deps, job.data));
  const digests = opts.digests
    ? await startMinuteSweep(
        deps.queue,
        DIGEST_SWEEP_QUEUE,
        async () => {
          await sendDueDigests(deps);
        },
        (err) => deps.log.error({ err }, 'notification email sweep failed'),
      )
    : null;
  return {
    stop: async () => {
      await digests?.stop();
      await deps.queue.offWork(NOTIFICATIONS_QUEUE);
    },
  };
}
