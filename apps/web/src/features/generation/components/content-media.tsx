import { ProgressBar } from '../../../components/ui';
import type { Content } from '../generation-types';

/** The media as its type needs it, or the progress / failure in its place. */
export function ContentMedia({ content }: { content: Content }) {
  if (content.status === 'queued' || content.status === 'processing') return <ContentProgress content={content} />;
  if (content.status === 'failed') return <ContentFailure content={content} />;
  if (!content.mediaUrl) {
    return <div className="content-media content-media-message">The media for this item is not available.</div>;
  }

  switch (content.contentType) {
    case 'video':
      return (
        <div className="content-media">
          <video controls poster={content.posterUrl ?? undefined} src={content.mediaUrl} preload="metadata" />
        </div>
      );
    case 'loops':
      return (
        <div className="content-media">
          <video autoPlay loop muted playsInline src={content.mediaUrl} aria-label={content.title} />
        </div>
      );
    case 'vector':
    case 'gif':
      // The original file: the SVG itself, or the animated GIF (a preview could be a still frame).
      return (
        <div className="content-media">
          <img src={content.mediaUrl} alt={content.title} />
        </div>
      );
    default:
      return (
        <div className="content-media">
          <img src={content.previewUrl ?? content.mediaUrl} alt={content.title} />
        </div>
      );
  }
}

function ContentProgress({ content }: { content: Content }) {
  const progress = Math.min(100, Math.max(0, Math.round(content.progress)));
  const isQueued = content.status === 'queued';
  return (
    <div className="content-media content-media-message">
      <p className="content-progress-label" aria-live="polite">
        {isQueued ? 'Queued — waiting for a renderer…' : `Generating… ${progress}%`}
      </p>
      <ProgressBar
        label="Generation progress"
        value={isQueued && progress === 0 ? undefined : progress}
        className="content-progress"
      />
      <p className="content-muted">You can leave this page; the result will be here when it is done.</p>
    </div>
  );
}

function ContentFailure({ content }: { content: Content }) {
  return (
    <div className="content-media content-media-message content-failed" role="alert">
      <p className="content-failed-title">Generation failed</p>
      <p>{content.failureReason ?? 'The renderer could not finish this request.'}</p>
      {(content.refunded ?? 0) > 0 && <p className="content-refund">Your {content.refunded} credits were refunded</p>}
    </div>
  );
}
