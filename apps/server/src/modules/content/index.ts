export { listContentByOwner, ownerContentTotals } from './content-by-owner.js';
export { galleryCountInCategory } from './content-counts.js';
export { countIndexedContent, findSharedContent, listIndexedContent } from './content-pages.repository.js';
export { hasPublicMedia, visibleTo, type VisibilityRow, type VisibilityScope } from './content.visibility.js';
