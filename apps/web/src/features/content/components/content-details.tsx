import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CONTENT_TYPE_NAMES, findModel, isUploadedContent } from '@atelier/shared';
import { Button, Card } from '../../../components/ui';
import { toast } from '../../../components/ui/toast';
import { DateTime } from '../../../components/date-time';
import type { Content } from '../../generation';

function formatDuration(ms: number | null): string | null {
  if (ms === null) return null;
  const seconds = ms / 1000;
  return `${seconds < 10 ? seconds.toFixed(1) : Math.round(seconds)} s`;
}

/** Copies the prompt, and says so on the button for a moment. */
function CopyPromptButton({ prompt }: { prompt: string }) {
  const [isCopied, setCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [isCopied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(prompt);
      setCopied(true);
    } catch {
      toast.error('Could not copy the prompt. Select it and copy it instead.');
    }
  };
  return (
    <Button variant="secondary" size="sm" aria-label="Copy prompt" onClick={() => void copy()}>
      {isCopied ? 'Copied' : 'Copy'}
    </Button>
  );
}

/**
 * What was asked for and what came out, with the settings it was made with and a Copy button for
 * the prompt; for an upload, what was uploaded. `actions` ("Use these settings") sit at its foot.
 * On a phone it comes right under the picture (content-page.css), on a desktop beside it.
 */
export function ContentDetails({ content, actions }: { content: Content; actions?: ReactNode }) {
  const isUpload = isUploadedContent(content);
  const settings = content.generation;
  const modelName = findModel(content.contentType, content.model)?.name ?? content.model;
  const size = content.width && content.height ? `${content.width} × ${content.height}` : null;
  const duration = formatDuration(content.durationMs);
  return (
    <Card as="section" aria-labelledby="content-details-title" className="content-about">
      <div className="content-about__head">
        <h2 id="content-details-title" className="content-card-title">
          Details
        </h2>
        {!isUpload && content.prompt && <CopyPromptButton prompt={content.prompt} />}
      </div>
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
            <dd>{settings?.seed ?? content.seed}</dd>
            <dt>Strength</dt>
            <dd>{settings?.strength ?? content.strength}</dd>
            {settings?.aspectRatio && (
              <>
                <dt>Shape</dt>
                <dd>{settings.aspectRatio}</dd>
              </>
            )}
            {settings?.negativePrompt && (
              <>
                <dt>Negative prompt</dt>
                <dd className="content-prompt">{settings.negativePrompt}</dd>
              </>
            )}
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
        {/* A remix names its source in the page's header ("Remix of … by …"), not as an edit. */}
        {content.parentId && content.editOperation && (
          <>
            <dt>Edited from</dt>
            <dd>
              <Link to={`/content/${content.parentId}`}>the original</Link>
              {content.editOperation ? ` (${content.editOperation})` : null}
            </dd>
          </>
        )}
      </dl>
      {actions && <div className="content-about__actions">{actions}</div>}
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
