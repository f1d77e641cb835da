export { messagingRoutes } from './messaging.routes.js';
export { messagingDeletionStep } from './messaging.deletion.js';
