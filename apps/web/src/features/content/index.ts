/** Content's face: what a profile shows of a person's items, its upload button, and the content page's loading frame. */
export { UploadContentButton } from './components/upload-content-button';
export { contentApi, useGetUserContentQuery } from './content-api';
export { ContentSkeleton } from './components/content-skeleton';
