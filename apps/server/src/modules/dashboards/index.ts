export { dashboardsRoutes } from './dashboards.routes.js';
export { startRollupFolding } from './dashboards.fold.js';
export { foldRollups } from './dashboards.rollups.js';
export { dashboardsDeletionStep } from './dashboards.deletion.js';
