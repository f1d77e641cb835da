import { PageMeta } from '../../../components/page-meta';

/**
 * The page's frame while the item loads: the media area at the item's shape, so nothing jumps when
 * it arrives, with its picture when the server named it (the same markup is in that page's HTML,
 * see src/app/page-shells.tsx, so the picture shows before the app has run).
 */
export function ContentSkeleton({ aspect, picture }: { aspect: string; picture?: string }) {
  return (
    <section className="container content-page content-page--loading" aria-busy="true">
      <PageMeta title="Content" />
      <span role="status" className="visually-hidden">
        Loading content
      </span>
      <header className="content-header" aria-hidden="true">
        <span className="skeleton content-skeleton-title" />
        <span className="skeleton content-skeleton-byline" />
      </header>
      <div className="content-layout" aria-hidden="true">
        <div className="content-primary">
          <div
            className={picture ? 'content-media content-media--framed skeleton' : 'content-media skeleton'}
            style={{ aspectRatio: aspect }}
          >
            {picture ? <img src={picture} alt="" fetchPriority="high" /> : null}
          </div>
        </div>
        <div className="content-secondary">
          <span className="skeleton content-skeleton-panel" />
        </div>
      </div>
    </section>
  );
}
