import { endpoint } from './contract.js';

/** Collections (spec §7 "Collections"). Schemas: `./collections.ts`. */
export const collectionsEndpoints = {
  list: endpoint('GET', '/collection'),
  get: endpoint('GET', '/collection/:id'),
  create: endpoint('POST', '/collection'),
  update: endpoint('PATCH', '/collection/:id'),
  remove: endpoint('DELETE', '/collection/:id'),
  items: endpoint('GET', '/collection/:id/items'),
  addItem: endpoint('POST', '/collection/:id/items'),
  removeItem: endpoint('DELETE', '/collection/:id/items/:itemId'),
} as const;
