export { generationRoutes } from './generation.routes.js';
export { generationWebhookRoutes, generationWebhookUrl } from './generation.webhooks.js';
export { GENERATION_QUEUE, generationDeps } from './generation.deps.js';
export { startGenerationWorker } from './generation.worker.js';
export { refundUndelivered } from './generation.hooks.js';
export { generationDeletionStep } from './generation.deletion.js';
export { pendingItemsByModel } from './generation-runs.repository.js';
