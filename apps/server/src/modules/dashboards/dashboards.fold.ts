import { foldRollups } from './dashboards.rollups.js';
import type { Query } from '../../platform/db/db.js';

/** How often a worker folds the rollups' changes; readers add what is not folded yet. */
export const ROLLUP_FOLD_MS = 60_000;

/**
 * Folds the dashboards' rollup changes now and then, so a read adds at most a few minutes of
 * changes to the folded days. Figures never depend on it: unfolded changes are read too.
 */
export function startRollupFolding(
  q: Query,
  log: { error(obj: object, msg?: string): void },
  everyMs = ROLLUP_FOLD_MS,
): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const fold = () => {
    if (running) return;
    running = foldRollups(q)
      .catch((err: unknown) => log.error({ err }, 'dashboard rollup fold failed'))
      .finally(() => {
        running = null;
      });
  };
  fold();
  const timer = setInterval(fold, everyMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
