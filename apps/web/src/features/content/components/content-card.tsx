import { useState } from 'react';
import { Link } from 'react-router';
import type { CSSProperties } from 'react';
import { CONTENT_TYPE_NAMES, contentCaption, tilePicture, tileRatio, type Content } from '@atelier/shared';
import { LikeButton } from './like-button';

const isMotion = (c: Content) => c.contentType === 'video' || c.contentType === 'loops';
const isAnimated = (c: Content) => c.contentType === 'gif';


/**
 * One tile of a grid: a still thumbnail that comes alive on hover or focus (muted video for video
 * and loops, the animated preview for GIFs). A hover preview is not a play: plays are counted on the
 * item's page. Tiles of the first screen fetch their picture at once; the rest wait until they come near.
 */
export function ContentCard({ content, isFirstScreen = false }: { content: Content; isFirstScreen?: boolean }) {
  const [isActive, setActive] = useState(false);
  const picture = tilePicture(content);
  const caption = contentCaption(content);
  const ratio = tileRatio(content);
  return (
    <li className="content-card" style={{ '--tile-ratio': ratio } as CSSProperties}>
      <Link
        to={`/content/${content.id}`}
        className="content-card__media"
        onMouseEnter={() => setActive(true)}
        onMouseLeave={() => setActive(false)}
        onFocus={() => setActive(true)}
        onBlur={() => setActive(false)}
        // The tile's size is known before the image arrives, so nothing jumps as the grid fills in.
        style={{ aspectRatio: String(ratio) }}
      >
        {picture ? (
          <img
            src={picture.src}
            srcSet={picture.srcSet}
            sizes={picture.sizes}
            alt={caption}
            loading={isFirstScreen ? 'eager' : 'lazy'}
            fetchPriority={isFirstScreen ? 'high' : undefined}
            decoding="async"
          />
        ) : (
          <span className="content-card__blank" />
        )}
        {isActive && isMotion(content) && content.mediaUrl && (
          <video
            className="content-card__preview"
            src={content.mediaUrl}
            poster={content.posterUrl ?? undefined}
            muted
            autoPlay
            loop
            playsInline
            aria-hidden="true"
          />
        )}
        {isActive && isAnimated(content) && (content.previewUrl || content.mediaUrl) && (
          <img
            className="content-card__preview"
            src={content.previewUrl ?? content.mediaUrl ?? ''}
            alt=""
            aria-hidden="true"
          />
        )}
        <span className="content-card__type">{CONTENT_TYPE_NAMES[content.contentType]}</span>
        {/* Lists hold mature items only for people who opted in (and their owner): marked as such. */}
        {content.rating === 'mature' && <span className="content-card__rating">Mature</span>}
      </Link>
      <div className="content-card__meta">
        <div className="content-card__text">
          <Link to={`/content/${content.id}`} className="content-card__title" title={caption}>
            {caption}
          </Link>
          <span className="content-card__owner">{content.owner.fullName || content.owner.username}</span>
        </div>
        <LikeButton content={content} isCompact />
      </div>
    </li>
  );
}
