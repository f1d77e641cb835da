/** Content's face: what a profile shows of a person's items, and its upload button. */
export { UploadContentButton } from './components/upload-content-button';
export { useGetUserContentQuery } from './content-api';
