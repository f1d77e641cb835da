import { CollectionsPage } from '../features/collections/pages/collections-page';

/** /collection (spec §2): your collections. */
export function CollectionPage() {
  return <CollectionsPage />;
}
