/** Collections' face: the grid of a person's collections and the save-to-collection menu. */
export { useGetUserCollectionsQuery } from './collections-api';
export { CollectionGrid } from './components/collection-grid';
export { SaveToCollectionMenu } from './components/save-to-collection-menu';
