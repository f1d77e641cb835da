export { GalleryPage } from '../features/content/pages/gallery-page';
