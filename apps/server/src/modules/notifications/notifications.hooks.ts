import type { AppDeps } from '../../platform/http/types.js';
import type { ModuleHooks } from '../../platform/module-hooks.js';
import { nextFinishedInBatch } from './notification-subjects.repository.js';
import { batchGroup } from './notifications.processors.js';
import { deleteBySubject, moveSubject } from './notifications.repository.js';
import { NOTIFICATIONS_QUEUE } from './notifications.service.js';

/**
 * How notifications hear of what happens in the modules below them (DESIGN.md §12): the request
 * that did something queues one job (a single insert) and the worker does the rest; an item that
 * is deleted takes its notifications with it, in its own transaction, except its batch's: that one
 * moves to the batch's next finished candidate and goes with the last.
 */
export function notificationsHooks(deps: Pick<AppDeps, 'queue'>): Omit<ModuleHooks, 'module'> {
  return {
    activity: async (event) => {
      await deps.queue.send(NOTIFICATIONS_QUEUE, event);
    },
    contentDeleted: async (tx, item) => {
      if (item.batchId) {
        const next = await nextFinishedInBatch(tx, item.batchId, item.id);
        if (next) await moveSubject(tx, batchGroup(item.batchId), item.id, next);
      }
      await deleteBySubject(tx, item.id);
    },
  };
}
