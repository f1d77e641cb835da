export { collectionsRoutes } from './collections.routes.js';
export { countCollections } from './collections.service.js';
export { collectionsDeletionStep } from './collections.deletion.js';
