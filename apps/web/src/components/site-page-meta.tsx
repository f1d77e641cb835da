import { pageTitle, type SitePagePath } from '@atelier/shared';
import { PageMeta, type PageMetaProps } from './page-meta';

/**
 * PageMeta for a page of the one page list (SITE_PAGES in packages/shared): its title is the one the
 * server's head gives the same page, so the tab does not change when the app starts.
 */
export function SitePageMeta({ path, ...rest }: { path: SitePagePath } & Omit<PageMetaProps, 'title'>) {
  return <PageMeta title={pageTitle(path)} {...rest} />;
}
