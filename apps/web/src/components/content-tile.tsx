import { Link } from 'react-router';
import { contentCaption, tilePicture, type Content } from '@atelier/shared';
import { Badge } from './ui';
import './content-tile.css';

/**
 * The drawn width of a tile in `.content-grid` (columns of at least 180 px): the page's width on a
 * narrow phone, half of it on a wider one, at most about 360 px on a wide screen.
 */
export const GRID_TILE_SIZES = '(max-width: 419px) calc(100vw - 2rem), (max-width: 719px) calc(50vw - 1.5rem), 360px';

/** A small card of one piece, linking to its page; its picture comes from a srcset sharp on 2× screens. */
export function ContentTile({ content, action }: { content: Content; action?: React.ReactNode }) {
  const image = content.thumbnailUrl ?? content.posterUrl ?? content.previewUrl;
  const picture = tilePicture(content);
  const srcSet = picture && picture.src === image ? picture.srcSet : undefined;
  const caption = contentCaption(content);
  return (
    <article className="content-tile">
      <Link to={`/content/${content.id}`} className="content-tile__link">
        {image ? (
          // The caption beside it already names the piece inside the same link.
          <img src={image} srcSet={srcSet} sizes={srcSet ? GRID_TILE_SIZES : undefined} alt="" loading="lazy" />
        ) : (
          <span className="content-tile__blank">{content.contentType}</span>
        )}
        <span className="content-tile__title">{caption}</span>
      </Link>
      <div className="content-tile__meta small muted">
        {content.isPrivate && <Badge>Private</Badge>}
        {content.rating === 'mature' && <Badge tone="warning">Mature</Badge>}
        {content.status !== 'ready' && <Badge tone="warning">{content.status}</Badge>}
        {action}
      </div>
    </article>
  );
}
