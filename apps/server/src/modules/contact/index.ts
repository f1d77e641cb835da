export { contactRoutes } from './contact.routes.js';
export { contactDeletionStep } from './contact.deletion.js';
