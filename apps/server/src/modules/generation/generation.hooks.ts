import type { ModuleHooks } from '../../platform/module-hooks.js';
import type { Realtime } from '../../platform/realtime/realtime.js';
import { announceBalance, applyCredits, ledgerKeys } from '../credits/index.js';

/**
 * An item deleted while queued or processing will never be delivered, so what it was charged and
 * not yet refunded goes back, under the same ledger key as a failure's refund (`refund:<id>`): the
 * worker then finds nothing to do, and a refund is never paid twice.
 */
export function refundUndelivered(realtime: Pick<Realtime, 'toUser'>): NonNullable<ModuleHooks['contentDeleted']> {
  return async (tx, item) => {
    const owed = item.charged - item.refunded;
    if ((item.status !== 'queued' && item.status !== 'processing') || owed <= 0) return;
    const result = await applyCredits(tx, {
      userId: item.userId,
      delta: owed,
      kind: 'refund',
      reason: 'Deleted before it was ready',
      contentId: item.id,
      idempotencyKey: ledgerKeys.generationRefund(item.id),
    });
    if (!result.isNew) return;
    return async () => announceBalance(realtime, item.userId, result.credits);
  };
}
