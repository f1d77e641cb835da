export { notificationsRoutes } from './notifications.routes.js';
export { notificationsHooks } from './notifications.hooks.js';
export { notificationsDeletionStep } from './notifications.deletion.js';
export { notificationsDeps, startNotificationsWorker } from './notifications.worker.js';
export { sendDueDigests } from './notifications.service.js';
