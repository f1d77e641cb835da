import { endpoint } from './contract.js';

/** Generation (spec §7 "Content"): generate and edit, and the vendors' signed callbacks. Schemas: `./generation.ts`. */
export const generationEndpoints = {
  generate: endpoint('POST', '/content/generate'),
  edit: endpoint('POST', '/content/edit'),
  batch: endpoint('GET', '/content/batches/:id'),
  webhook: endpoint('POST', '/generation/webhooks/:vendor'),
} as const;
