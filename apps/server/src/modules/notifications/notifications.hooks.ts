import type { AppDeps } from '../../platform/http/types.js';
import type { ModuleHooks } from '../../platform/module-hooks.js';
import { deleteBySubject } from './notifications.repository.js';
import { NOTIFICATIONS_QUEUE } from './notifications.service.js';

/**
 * How notifications hear of what happens in the modules below them (DESIGN.md §12): the request
 * that did something queues one job (a single insert) and the worker does the rest; an item that
 * is deleted takes its notifications with it, in its own transaction.
 */
export function notificationsHooks(deps: Pick<AppDeps, 'queue'>): Omit<ModuleHooks, 'module'> {
  return {
    activity: async (event) => {
      await deps.queue.send(NOTIFICATIONS_QUEUE, event);
    },
    contentDeleted: async (tx, item) => {
      await deleteBySubject(tx, item.id);
    },
  };
}
