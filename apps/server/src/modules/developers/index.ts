export { developersRoutes } from './developers.routes.js';
export { apiKeysDeps, developersWebhooks, webhooksDeps } from './developers.deps.js';
export { makeApiKeyAuthenticator } from './api-keys.service.js';
export { developersDeletionStep, revokeKeysOnCredentialsVoided } from './developers.account.js';
export { startWebhookWorker, type WebhookWorker } from './webhooks.service.js';
