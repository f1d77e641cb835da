import { endpoint } from './contract.js';

/** Categories (spec §7 "Categories"): the admin-managed tree, and the content side's flat list. Schemas: `./categories.ts`. */
export const categoriesEndpoints = {
  active: endpoint('GET', '/categories'),
  list: endpoint('GET', '/category'),
  tree: endpoint('GET', '/category/tree'),
  roots: endpoint('GET', '/category/root'),
  search: endpoint('GET', '/category/search'),
  bulkToggle: endpoint('POST', '/category/bulk-toggle'),
  import: endpoint('POST', '/category/import'),
  get: endpoint('GET', '/category/:id'),
  create: endpoint('POST', '/category'),
  update: endpoint('PATCH', '/category/:id'),
  remove: endpoint('DELETE', '/category/:id'),
  content: endpoint('GET', '/category/:categoryId/content'),
  breadcrumb: endpoint('GET', '/category/:categoryId/breadcrumb'),
} as const;
