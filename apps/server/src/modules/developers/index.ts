export { developersRoutes } from './developers.routes.js';
export { apiKeysDeps } from './developers.deps.js';
export { deleteUserApiData, makeApiKeyAuthenticator } from './api-keys.service.js';
export type { HitCounter } from './hit-counter.js';
