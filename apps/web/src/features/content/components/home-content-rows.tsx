import { Link } from 'react-router';
import type { ContentSort } from '@atelier/shared';
import { ArrowRightIcon } from '../../../components/ui';
import { useListCategoriesQuery, useListContentQuery } from '../content-api';
import { ContentGrid } from './content-grid';
import '../content.css';

const ROW_SIZE = 8;

function ContentRow({ sort, title, eyebrow }: { sort: ContentSort; title: string; eyebrow: string }) {
  const { data, isLoading, error } = useListContentQuery({ sort, pageSize: ROW_SIZE });
  // A row with nothing to show (or that failed) stays out of the way of the rest of the page.
  if (error || (!isLoading && (data?.data.length ?? 0) === 0)) return null;
  const headingId = `home-${sort}-title`;
  return (
    <section className="section section--tight" aria-labelledby={headingId}>
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
        <ContentGrid label={title} items={data?.data ?? []} isLoading={isLoading} />
      </div>
    </section>
  );
}

function CategoryChips() {
  const { data } = useListCategoriesQuery({ page: 1, pageSize: 20 });
  if (!data || data.data.length === 0) return null;
  return (
    <section className="section section--tight" aria-labelledby="home-categories-title">
      <div className="container">
        <h2 id="home-categories-title" className="h4">
          Browse by category
        </h2>
        <ul className="chip-row list-reset mt-4">
          {data.data.map((c) => (
            <li key={c.id}>
              <Link className="chip" to={`/gallery?category=${encodeURIComponent(c.id)}`}>
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** The home page's window on the community: what is hot, what is new, and where to browse. */
export function HomeContentRows() {
  return (
    <>
      <ContentRow sort="trending" eyebrow="From the community" title="Trending this week" />
      <ContentRow sort="newest" eyebrow="Just made" title="Newest creations" />
      <CategoryChips />
    </>
  );
}
