import { endpoint } from './contract.js';

/** Credits (spec §7 "Credits"): the ledger, the packs and pricing, the checkout. Schemas: `./credits.ts`. */
export const creditsEndpoints = {
  balance: endpoint('GET', '/credits/balance'),
  history: endpoint('GET', '/credits/history'),
  check: endpoint('POST', '/credits/check'),
  adminAdd: endpoint('POST', '/credits/admin/add'),
  adminDeduct: endpoint('POST', '/credits/admin/deduct'),
  products: endpoint('GET', '/credits/products'),
  product: endpoint('GET', '/credits/products/:id'),
  pricing: endpoint('GET', '/credits/pricing'),
  calculatePrice: endpoint('POST', '/credits/calculate-price'),
  checkout: endpoint('POST', '/credits/embedded-checkout'),
  session: endpoint('GET', '/credits/session/:id'),
  historyCsv: endpoint('GET', '/credits/history.csv'),
  adminStats: endpoint('GET', '/credits/admin/stats'),
  adminProducts: endpoint('GET', '/credits/admin/products'),
  createProduct: endpoint('POST', '/credits/admin/products'),
  updateProduct: endpoint('PUT', '/credits/admin/products/:id'),
  deleteProduct: endpoint('DELETE', '/credits/admin/products/:id'),
  updatePricing: endpoint('PUT', '/credits/admin/pricing'),
} as const;
