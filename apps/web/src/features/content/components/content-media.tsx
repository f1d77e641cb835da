import { useEffect, useRef, type SyntheticEvent } from 'react';
import { ProgressBar } from '../../../components/ui';
import type { Content } from '../../generation';
import { usePlayContentMutation } from '../content-api';

/** Seconds a video or loop plays before it counts as a play. */
const PLAY_AFTER_SECONDS = 1;

/**
 * Counts one play of the item open on its page: a video or loop once it has played a second, a GIF
 * when it is opened. The server counts a signed-in viewer once an hour.
 */
function usePlayCounter(content: Content) {
  const [countPlay] = usePlayContentMutation();
  const hasCounted = useRef(false);
  const count = () => {
    if (hasCounted.current) return;
    hasCounted.current = true;
    void countPlay(content.id);
  };
  const isOpenedGif = content.contentType === 'gif' && content.status === 'ready' && content.mediaUrl !== null;
  useEffect(() => {
    if (isOpenedGif) count();
    // Once per item shown: the ref keeps it to one.
  }, [isOpenedGif, content.id]);
  return {
    onTimeUpdate: (event: SyntheticEvent<HTMLVideoElement>) => {
      if (event.currentTarget.currentTime >= PLAY_AFTER_SECONDS) count();
    },
  };
}

/** The media as its type needs it, or the progress / failure in its place. */
export function ContentMedia({ content }: { content: Content }) {
  const plays = usePlayCounter(content);
  if (content.status === 'queued' || content.status === 'processing') return <ContentProgress content={content} />;
  if (content.status === 'failed') return <ContentFailure content={content} />;
  if (!content.mediaUrl) {
    return <div className="content-media content-media-message">The media for this item is not available.</div>;
  }

  // The area keeps the item's shape from the first paint, before the file arrives.
  const frame = content.width && content.height ? { aspectRatio: `${content.width} / ${content.height}` } : undefined;
  const size = content.width && content.height ? { width: content.width, height: content.height } : {};
  switch (content.contentType) {
    case 'video':
      return (
        <div className={frame ? 'content-media content-media--framed' : 'content-media'} style={frame}>
          <video
            controls
            poster={content.posterUrl ?? undefined}
            src={content.mediaUrl}
            preload="metadata"
            onTimeUpdate={plays.onTimeUpdate}
            {...size}
          />
        </div>
      );
    case 'loops':
      return (
        <div className={frame ? 'content-media content-media--framed' : 'content-media'} style={frame}>
          <video
            autoPlay
            loop
            muted
            playsInline
            src={content.mediaUrl}
            aria-label={content.title}
            onTimeUpdate={plays.onTimeUpdate}
            {...size}
          />
        </div>
      );
    case 'vector':
    case 'gif':
      // The original file: the SVG itself, or the animated GIF (a preview could be a still frame).
      return (
        <div className={frame ? 'content-media content-media--framed' : 'content-media'} style={frame}>
          <img src={content.mediaUrl} alt={content.title} {...size} />
        </div>
      );
    default:
      return (
        <div className={frame ? 'content-media content-media--framed' : 'content-media'} style={frame}>
          <img src={content.previewUrl ?? content.mediaUrl} alt={content.title} {...size} fetchPriority="high" />
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
