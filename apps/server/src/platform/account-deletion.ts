import type { Db } from './db/db.js';

/**
 * Account deletion is one list of per-module steps (DESIGN.md §11): each module that keeps
 * anything of a person says here what it removes or anonymises, and which of its tables it covers,
 * so a new table that names a user without a step fails the completeness test.
 */
export interface AccountDeletionStep {
  module: string;
  /**
   * The tables holding a user id this step answers for: those it cleans and those it keeps on
   * purpose (with the reason in `keeps`).
   */
  tables: string[];
  /** What stays, and why (records the business must keep, shared threads): for the README and reviews. */
  keeps?: string;
  /** Outside effects that must happen before anything is deleted (a subscription cancelled at the provider). */
  before?(userId: string, now: Date): Promise<void>;
  /**
   * Runs inside the deletion's one transaction. May return work for after the commit (files to
   * remove), which must never undo the deletion when it fails.
   */
  deleteUser(tx: Db, userId: string, now: Date): Promise<AfterCommit | void>;
}

export type AfterCommit = () => Promise<void>;

/** Runs every step in order: the `before`s, then all deletions in one transaction, then the files. */
export async function runAccountDeletion(
  db: Db,
  steps: readonly AccountDeletionStep[],
  userId: string,
  now: Date,
  log?: { error(obj: object, msg?: string): void },
): Promise<void> {
  for (const step of steps) await step.before?.(userId, now);
  const after = await db.transaction(async (tx) => {
    const work: { module: string; run: AfterCommit }[] = [];
    for (const step of steps) {
      const run = await step.deleteUser(tx, userId, now);
      if (run) work.push({ module: step.module, run });
    }
    return work;
  });
  await Promise.all(
    after.map(({ module, run }) => run().catch((err: unknown) => log?.error({ err, module, userId }, 'account deletion: files not removed'))),
  );
}
