import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Collection } from '@atelier/shared';
import { Badge, BookmarkIcon } from '../../../components/ui';
import '../../../components/content-tile.css';
import '../collections.css';

export function CollectionCard({ collection, actions }: { collection: Collection; actions?: ReactNode }) {
  return (
    <article className="collection-card">
      <Link to={`/collection/${collection.id}`} className="content-tile__link">
        {collection.coverUrl ? (
          <img className="collection-card__cover" src={collection.coverUrl} alt="" loading="lazy" />
        ) : (
          <span className="collection-card__cover" aria-hidden="true">
            <BookmarkIcon size={28} />
          </span>
        )}
        <span className="content-tile__title">{collection.name}</span>
      </Link>
      <span className="small muted">
        {collection.itemCount} {collection.itemCount === 1 ? 'item' : 'items'}{' '}
        {collection.isPublic ? <Badge>Public</Badge> : <Badge>Private</Badge>}
      </span>
      {actions && <div className="collection-card__actions">{actions}</div>}
    </article>
  );
}

export function CollectionGrid({
  collections,
  actionsFor,
}: {
  collections: Collection[];
  actionsFor?: (c: Collection) => ReactNode;
}) {
  return (
    <div className="content-grid">
      {collections.map((c) => (
        <CollectionCard key={c.id} collection={c} actions={actionsFor?.(c)} />
      ))}
    </div>
  );
}
