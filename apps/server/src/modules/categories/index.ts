export { categoriesRoutes } from './categories.routes.js';
export { categoryExists, categoryNames, descendantIds, ensureCategory } from './categories.repository.js';
export { getCategory, type CategoryDeps } from './categories.service.js';
