import { Link } from 'react-router';
import { useListCategoriesQuery, useListContentQuery } from '../content-api';
import { ContentGrid } from './content-grid';
import { HOME_ROWS, HOME_ROW_SIZE, HomeRowFrame, type HomeRow } from './home-row-frame';

function ContentRow({ sort, title, eyebrow }: HomeRow) {
  const { data, isLoading, error } = useListContentQuery({ sort, pageSize: HOME_ROW_SIZE });
  // A row with nothing to show (or that failed) stays out of the way of the rest of the page.
  if (error || (!isLoading && (data?.data.length ?? 0) === 0)) return null;
  return (
    <HomeRowFrame sort={sort} eyebrow={eyebrow} title={title}>
      <ContentGrid label={title} items={data?.data ?? []} isLoading={isLoading} />
    </HomeRowFrame>
  );
}

function CategoryChips() {
  const { data } = useListCategoriesQuery({ page: 1, pageSize: 20 });
  if (!data || data.data.length === 0) return null;
  return (
    <section className="section section--tight home-categories" aria-labelledby="home-categories-title">
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

/**
 * The home page's window on the community: what is hot, what is new, and where to browse. Its own
 * chunk, with the server API: the home page shows `HomeRowsLoading` until it has arrived.
 */
export function HomeContentRows() {
  return (
    <>
      {HOME_ROWS.map((row) => (
        <ContentRow key={row.sort} {...row} />
      ))}
      <CategoryChips />
    </>
  );
}
