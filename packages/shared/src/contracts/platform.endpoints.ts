import { endpoint } from './contract.js';

/** The contact form. Schemas: `./platform.ts`. */
export const contactEndpoints = {
  send: endpoint('POST', '/contact'),
} as const;

/** What the web app reads about this deployment. Schemas: `./platform.ts`. */
export const metaEndpoints = {
  config: endpoint('GET', '/config'),
} as const;

/** Liveness and readiness checks. Schemas: `./platform.ts`. */
export const healthEndpoints = {
  live: endpoint('GET', '/health'),
  ready: endpoint('GET', '/health/ready'),
} as const;
