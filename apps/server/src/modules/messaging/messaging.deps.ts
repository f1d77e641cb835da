import type { AppDeps } from '../../platform/http/types.js';
import { Presence } from './messaging.presence.js';
import { announcePresence, type MessagingDeps } from './messaging.service.js';

/**
 * This process's presence node, made with the process's other parts (runtime.ts, test/app.ts) so
 * the messaging routes and the heartbeat (background.ts) share it.
 */
export function createPresence(deps: Pick<AppDeps, 'database' | 'clock' | 'config' | 'realtime'>): Presence {
  const presence: Presence = new Presence({
    db: deps.database.db,
    // Changes reach partners through the realtime adapter, so every process's clients hear them.
    onChange: (userId, isOnline) => void announcePresence(announcing, userId, isOnline).catch(() => undefined),
  });
  const announcing: MessagingDeps = {
    db: deps.database.db,
    clock: deps.clock,
    config: deps.config,
    realtime: deps.realtime,
    presence,
  };
  return presence;
}
