import { foldRollups, type DashboardsDb } from './dashboards-rollups.repository.js';
import { startMinuteSweep, type Queue } from '../../platform/queue/queue.js';

/** The queue of the once-a-minute fold. */
const ROLLUP_FOLD_QUEUE = 'dashboard-rollup-fold';

/**
 * Folds the dashboards' rollup changes once a minute on one worker process (a pg-boss schedule), so
 * a read adds at most a few minutes of changes to the folded days. Figures never depend on it:
 * unfolded changes are read too.
 */
export function startRollupFolding(
  q: DashboardsDb,
  queue: Queue,
  log: { error(obj: object, msg?: string): void },
): Promise<{ stop(): Promise<void> }> {
  return startMinuteSweep(
    queue,
    ROLLUP_FOLD_QUEUE,
    async () => {
      await foldRollups(q);
    },
    (err) => log.error({ err }, 'dashboard rollup fold failed'),
  );
}
