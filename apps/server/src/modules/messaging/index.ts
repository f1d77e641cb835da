export { messagingRoutes } from './messaging.routes.js';
export { messagingDeletionStep } from './messaging.deletion.js';
export { createPresence } from './messaging.deps.js';
export { reconnectOnRoleChange } from './messaging.hooks.js';
export type { Presence } from './messaging.presence.js';
export { findMessageTarget, messageWithContext } from './messaging-moderation.repository.js';
