import { Link } from 'react-router';
import { CONTENT_TYPE_NAMES, findModel, isUploadedContent } from '@atelier/shared';
import { Card } from '../../../components/ui';
import { DateTime } from '../../../components/date-time';
import type { Content } from '../../generation';

function formatDuration(ms: number | null): string | null {
  if (ms === null) return null;
  const seconds = ms / 1000;
  return `${seconds < 10 ? seconds.toFixed(1) : Math.round(seconds)} s`;
}

/** What was asked for and what came out; for an upload, what was uploaded. */
export function ContentDetails({ content }: { content: Content }) {
  const isUpload = isUploadedContent(content);
  const modelName = findModel(content.contentType, content.model)?.name ?? content.model;
  const size = content.width && content.height ? `${content.width} × ${content.height}` : null;
  const duration = formatDuration(content.durationMs);
  return (
    <Card as="section" aria-labelledby="content-details-title">
      <h2 id="content-details-title" className="content-card-title">
        Details
      </h2>
      <dl className="content-details">
        {isUpload ? (
          <>
            <dt>Source</dt>
            <dd>Uploaded by its maker</dd>
          </>
        ) : (
          <>
            <dt>Prompt</dt>
            <dd className="content-prompt">{content.prompt}</dd>
            <dt>Model</dt>
            <dd>{modelName}</dd>
          </>
        )}
        <dt>Type</dt>
        <dd>{CONTENT_TYPE_NAMES[content.contentType]}</dd>
        {!isUpload && (
          <>
            <dt>Seed</dt>
            <dd>{content.seed}</dd>
          </>
        )}
        {size && (
          <>
            <dt>Size</dt>
            <dd>{size}</dd>
          </>
        )}
        {duration && (
          <>
            <dt>Duration</dt>
            <dd>{duration}</dd>
          </>
        )}
        <dt>Created</dt>
        <dd>
          <DateTime value={content.createdAt} />
        </dd>
        {content.parentId && (
          <>
            <dt>Edited from</dt>
            <dd>
              <Link to={`/content/${content.parentId}`}>the original</Link>
              {content.editOperation ? ` (${content.editOperation})` : null}
            </dd>
          </>
        )}
      </dl>
    </Card>
  );
}

/**
 * The credits side of the request: what was quoted, taken and given back, and why. The API sends
 * the receipt only to the item's owner (and admins); without it there is nothing to show.
 */
export function ContentReceipt({ content }: { content: Content }) {
  const { charged, refunded } = content;
  if (charged === undefined || refunded === undefined) return null;
  const note =
    refunded > 0
      ? `Refunded because the generation failed${content.failureReason ? `: ${content.failureReason}` : '.'}`
      : content.status === 'failed'
        ? 'The generation failed; its refund is being processed.'
        : content.status === 'ready'
          ? 'Nothing was refunded: the generation finished.'
          : 'If the generation fails, the charge is refunded automatically.';
  return (
    <Card as="section" aria-labelledby="content-receipt-title">
      <h2 id="content-receipt-title" className="content-card-title">
        Receipt
      </h2>
      <dl className="content-details">
        <dt>Cost quoted</dt>
        <dd>{content.cost} credits</dd>
        <dt>Charged</dt>
        <dd>{charged} credits</dd>
        <dt>Refunded</dt>
        <dd>{refunded} credits</dd>
      </dl>
      <p className="content-receipt-note">{note}</p>
    </Card>
  );
}
