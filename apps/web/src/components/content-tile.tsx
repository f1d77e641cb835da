import { Link } from 'react-router';
import { contentCaption, type Content } from '@atelier/shared';
import { Badge } from './ui';
import './content-tile.css';

/** A small card of one piece, linking to its page. */
export function ContentTile({ content, action }: { content: Content; action?: React.ReactNode }) {
  const image = content.thumbnailUrl ?? content.posterUrl ?? content.previewUrl;
  const caption = contentCaption(content);
  return (
    <article className="content-tile">
      <Link to={`/content/${content.id}`} className="content-tile__link">
        {image ? (
          // The caption beside it already names the piece inside the same link.
          <img src={image} alt="" loading="lazy" />
        ) : (
          <span className="content-tile__blank">{content.contentType}</span>
        )}
        <span className="content-tile__title">{caption}</span>
      </Link>
      <div className="content-tile__meta small muted">
        {content.isPrivate && <Badge>Private</Badge>}
        {content.status !== 'ready' && <Badge tone="warning">{content.status}</Badge>}
        {action}
      </div>
    </article>
  );
}
