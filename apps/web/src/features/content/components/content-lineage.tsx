import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../components/ui/toast';
import { CONTENT_TYPE_NAMES, MSG, contentCaption } from '@atelier/shared';
import { Badge, Button, Checkbox, Pager, ProgressBar } from '../../../components/ui';
import { errorMessage } from '../../../lib/errors';
import {
  type Content,
  isInProgress,
  useDeleteContentItemMutation,
  useGetBatchQuery,
  useGetRemixesQuery,
  useUpdateContentItemMutation,
} from '../../generation';

const ownerName = (c: Pick<Content, 'owner'>) => c.owner.fullName || c.owner.username;

/** "Remix of … by …": the source and its creator, while the source is public (the server says null otherwise). */
export function RemixCredit({ content }: { content: Content }) {
  if (!content.remixOf) return null;
  const source = content.remixOf;
  return (
    <p className="content-remix-credit">
      Remix of <Link to={`/content/${source.id}`}>{source.title}</Link> by{' '}
      <span className="content-owner">{source.owner.fullName || source.owner.username}</span>
    </p>
  );
}

/** The public remixes of this item, newest first, a page at a time. */
export function ContentRemixes({ content }: { content: Content }) {
  const [page, setPage] = useState(1);
  const hasRemixes = (content.remixCount ?? 0) > 0;
  const { data } = useGetRemixesQuery({ id: content.id, page }, { skip: !hasRemixes });
  if (!hasRemixes || !data || data.data.length === 0) return null;
  return (
    <section className="content-remixes" aria-labelledby="content-remixes-heading">
      <h2 id="content-remixes-heading" className="content-section-title">
        Remixes ({data.pagination.total})
      </h2>
      <ul className="content-remix-list">
        {data.data.map((remix) => (
          <li key={remix.id}>
            <Link to={`/content/${remix.id}`}>{contentCaption(remix)}</Link> by {ownerName(remix)}
          </li>
        ))}
      </ul>
      {data.pagination.totalPages > 1 && <Pager pagination={data.pagination} onPage={setPage} label="Remixes pages" />}
    </section>
  );
}

const BATCH_POLL_MS = 2000;

/**
 * The candidates made with this item in one request, for their owner: each tile shows its own
 * progress, and the person keeps, opens, deletes or makes private each one.
 */
export function BatchCandidates({ content }: { content: Content }) {
  const batchId = content.batchId ?? '';
  const [isLive, setIsLive] = useState(true);
  const { data } = useGetBatchQuery(batchId, { skip: !batchId, pollingInterval: isLive ? BATCH_POLL_MS : 0 });
  const items = data?.items ?? [];
  const stillWorking = items.some((i) => isInProgress(i.status));
  if (data && stillWorking !== isLive) setIsLive(stillWorking);
  if (!batchId || items.length < 2) return null;
  const done = items.filter((i) => !isInProgress(i.status)).length;
  return (
    <section className="content-batch" aria-labelledby="content-batch-heading">
      <h2 id="content-batch-heading" className="content-section-title">
        Candidates ({done} of {items.length} finished)
      </h2>
      <ul className="content-batch-grid">
        {items.map((item, i) => (
          <BatchTile key={item.id} item={item} index={i + 1} isCurrent={item.id === content.id} />
        ))}
      </ul>
    </section>
  );
}

function BatchTile({ item, index, isCurrent }: { item: Content; index: number; isCurrent: boolean }) {
  const [update, { isLoading: isSaving }] = useUpdateContentItemMutation();
  const [remove, { isLoading: isDeleting }] = useDeleteContentItemMutation();
  const label = `Candidate ${index}`;
  const picture = item.thumbnailUrl ?? item.posterUrl ?? item.previewUrl;
  const setPrivate = async (isPrivate: boolean) => {
    try {
      await update({ id: item.id, isPrivate }).unwrap();
    } catch (err) {
      toast.error(errorMessage(err, MSG.content.updateFailed));
    }
  };
  const deleteIt = async () => {
    try {
      await remove(item.id).unwrap();
    } catch (err) {
      toast.error(errorMessage(err, MSG.content.deleteFailed));
    }
  };
  return (
    <li className="content-batch-tile" aria-label={label} data-current={isCurrent || undefined}>
      <Link to={`/content/${item.id}`} className="content-batch-media" aria-label={`Open ${label.toLowerCase()}`}>
        {item.status === 'ready' && picture ? (
          <img src={picture} alt={`${CONTENT_TYPE_NAMES[item.contentType]}, seed ${item.seed}`} />
        ) : item.status === 'failed' ? (
          <span className="content-batch-state">Failed, refunded</span>
        ) : (
          <ProgressBar value={item.progress} label={`${label} progress`} />
        )}
      </Link>
      <div className="content-batch-meta">
        <span>Seed {item.seed}</span>
        {isCurrent && <Badge>Shown</Badge>}
      </div>
      {item.status !== 'failed' && (
        <Checkbox
          label="Private"
          checked={item.isPrivate}
          disabled={isSaving}
          onChange={(e) => void setPrivate(e.target.checked)}
        />
      )}
      {!isCurrent && (
        <Button variant="ghost" size="sm" onClick={() => void deleteIt()} isLoading={isDeleting} aria-label={`Delete ${label.toLowerCase()}`}>
          Delete
        </Button>
      )}
    </li>
  );
}
