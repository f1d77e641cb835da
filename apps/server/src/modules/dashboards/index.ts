export { dashboardsRoutes } from './dashboards.routes.js';
