export { moderationRoutes } from './moderation.routes.js';
export { moderationDeletionStep } from './moderation.deletion.js';
