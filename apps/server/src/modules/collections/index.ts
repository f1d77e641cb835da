export { collectionsRoutes } from './collections.routes.js';
export { countCollections, listCollections } from './collections.service.js';
export { collectionsDeletionStep } from './collections.deletion.js';
