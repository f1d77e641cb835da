import type { ModuleHooks } from '../../platform/module-hooks.js';
import { disconnectUser, type Realtime } from '../../platform/realtime/realtime.js';

/**
 * Sockets keep the role they connected with (an admin's joins the support inbox): a role change
 * closes them on every process, so they reconnect as who the person is now.
 */
export function reconnectOnRoleChange(realtime: Pick<Realtime, 'io'>): NonNullable<ModuleHooks['roleChanged']> {
  return ({ userId }) => disconnectUser(realtime.io, userId);
}
