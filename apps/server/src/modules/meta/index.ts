export { metaRoutes } from './meta.routes.js';
