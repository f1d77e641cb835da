import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from '../../../components/ui/toast';
import { COLLECTION_TEXT, contentCaption } from '@atelier/shared';
import { Badge, Button, ButtonLink, EmptyState, Pager, Spinner } from '../../../components/ui';
import { PageMeta } from '../../../components/page-meta';
import { errorMessage } from '../../../lib/errors';
import { useAppSelector } from '../../../lib/hooks';
import { ContentTile } from '../../../components/content-tile';
import { useGetCollectionItemsQuery, useGetCollectionQuery, useRemoveCollectionItemMutation } from '../collections-api';
import '../collections.css';

/** /collection/:id — the items of one collection; its owner can remove them. */
export function CollectionDetailPage() {
  const { id = '' } = useParams();
  const meId = useAppSelector((s) => (s.auth.isAuthenticated ? s.auth.user?.id : null));
  const [page, setPage] = useState(1);
  const collection = useGetCollectionQuery(id, { skip: !id });
  const items = useGetCollectionItemsQuery({ id, page }, { skip: !id || !collection.data });
  const [remove] = useRemoveCollectionItemMutation();

  if (collection.isLoading)
    return (
      <div className="container section">
        <Spinner label="Loading collection" />
      </div>
    );
  if (collection.error || !collection.data) {
    return (
      <section className="container section">
        <PageMeta title="Collection not found" />
        <EmptyState
          title={COLLECTION_TEXT.notFound}
          description={errorMessage(collection.error, COLLECTION_TEXT.fetchOneFailed)}
          action={<ButtonLink to="/collection">Your collections</ButtonLink>}
        />
      </section>
    );
  }
  const c = collection.data;
  const isOwner = meId === c.owner.id;

  const removeItem = async (itemId: string) => {
    try {
      await remove({ id: c.id, itemId }).unwrap();
      toast.success(COLLECTION_TEXT.itemRemoved);
    } catch (err) {
      toast.error(errorMessage(err, COLLECTION_TEXT.removeItemFailed));
    }
  };

  return (
    <section className="container section">
      <PageMeta title={c.name} description={c.description ?? `A collection by ${c.owner.fullName}`} />
      <h1>{c.name}</h1>
      <p className="muted">
        By <Link to={`/u/${encodeURIComponent(c.owner.username)}`}>{c.owner.fullName}</Link> · {c.itemCount}{' '}
        {c.itemCount === 1 ? 'item' : 'items'} <Badge>{c.isPublic ? 'Public' : 'Private'}</Badge>
      </p>
      {c.description && <p className="mt-4">{c.description}</p>}
      <div className="mt-6">
        {items.isLoading ? (
          <Spinner label="Loading items" />
        ) : items.error ? (
          <p role="alert">{errorMessage(items.error, COLLECTION_TEXT.fetchItemsFailed)}</p>
        ) : !items.data || items.data.data.length === 0 ? (
          <EmptyState
            title="This collection is empty"
            description="Open any piece and use “Save to collection” to add it here."
          />
        ) : (
          <>
            <div className="content-grid">
              {items.data.data.map((entry) => (
                <ContentTile
                  key={entry.itemId}
                  content={entry.item}
                  action={
                    isOwner && (
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => removeItem(entry.itemId)}
                        aria-label={`Remove ${contentCaption(entry.item)}`}
                      >
                        Remove
                      </Button>
                    )
                  }
                />
              ))}
            </div>
            <Pager pagination={items.data.pagination} onPage={setPage} label="Item pages" />
          </>
        )}
      </div>
    </section>
  );
}
