import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ContentSort } from '@atelier/shared';
import { ArrowRightIcon } from '../../../components/ui';
import { ContentWallSkeleton } from './content-wall-skeleton';
import '../content.css';

/** One of the home page's rows of community content: its list's order and its heading. */
export interface HomeRow {
  sort: ContentSort;
  eyebrow: string;
  title: string;
}

/** The home page's rows, in the order they stand. */
export const HOME_ROWS: readonly HomeRow[] = [
  { sort: 'trending', eyebrow: 'From the community', title: 'Trending this week' },
  { sort: 'newest', eyebrow: 'Just made', title: 'Newest creations' },
];

/** Items in each home row. */
export const HOME_ROW_SIZE = 8;

/** A row's section and heading, with its link to the whole list in the gallery. */
export function HomeRowFrame({ sort, eyebrow, title, children }: HomeRow & { children: ReactNode }) {
  const headingId = `home-${sort}-title`;
  return (
    <section className="section section--tight home-row" aria-labelledby={headingId}>
      <div className="container">
        <div className="content-row-heading">
          <div>
            <p className="eyebrow">{eyebrow}</p>
            <h2 id={headingId}>{title}</h2>
          </div>
          <Link to={`/gallery?sort=${sort}`} className="feature-card__link">
            See all <ArrowRightIcon size={14} />
          </Link>
        </div>
        {children}
      </div>
    </section>
  );
}

/**
 * The rows as they look while loading, drawn before their code (and the server API) has arrived:
 * the same frames as the loaded rows, so nothing moves when they come.
 */
export function HomeRowsLoading() {
  return (
    <>
      {HOME_ROWS.map((row) => (
        <HomeRowFrame key={row.sort} {...row}>
          <ContentWallSkeleton label={row.title} />
        </HomeRowFrame>
      ))}
    </>
  );
}
