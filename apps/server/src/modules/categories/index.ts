export { categoriesRoutes } from './categories.routes.js';
export { allCategories, descendantIds, ensureCategory, findCategory } from './categories.repository.js';
