export { adminRoutes } from './admin.routes.js';
