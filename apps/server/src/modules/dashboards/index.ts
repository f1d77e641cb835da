export { dashboardsRoutes } from './dashboards.routes.js';
export { startRollupFolding } from './dashboards.fold.js';
export { foldRollups } from './dashboards-rollups.repository.js';
export { dashboardsDeletionStep } from './dashboards.deletion.js';
