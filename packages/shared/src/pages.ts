/** The product's name in every title, and the words a page without a title of its own is given. */
export const SITE_NAME = 'Atelier';

/**
 * "/some-thing" → "Some Thing": the title of a page without a known route (spec §2). The server
 * puts it in the HTML it sends; the app sets it again after it runs, so both must agree.
 */
export function titleFromPath(pathname: string): string {
  const segment = pathname.split('/').filter(Boolean).pop();
  if (!segment) return 'Home';
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // A malformed escape is shown as typed rather than breaking the page.
  }
  const words = decoded
    .split(/[-_\s.+]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return words.length ? words.join(' ') : 'Home';
}

/**
 * A page of the web app: its route (`:name` matches one segment), the title its head and tab show
 * (none: the page names itself from its data, and the server's head says SITE_NAME), the words a
 * link preview shows, and whether it is personal or an operator's (no crawler: noindex, and its
 * first segment is disallowed in robots.txt). `head` names the pages whose head the server reads
 * from the database.
 */
export interface SitePage {
  path: string;
  title?: string;
  description?: string;
  private?: true;
  head?: 'content' | 'profile';
}

/**
 * Every page of the web app, one list for the router (apps/web/src/app/router.tsx takes its paths
 * from here) and for the server's heads, sitemap and robots (apps/server/src/modules/pages).
 */
export const SITE_PAGES = [
  { path: '/', title: 'Create photos, video and more from a prompt' },
  { path: '/about-us', title: 'About us' },
  { path: '/ai-ethics', title: 'AI ethics' },
  { path: '/careers', title: 'Careers' },
  { path: '/careers/:id' },
  { path: '/jobs/mine', title: 'My jobs', private: true },
  { path: '/jobs/new', title: 'Post a job', private: true },
  { path: '/jobs/:id/edit', private: true },
  { path: '/jobs/:id/applications', private: true },
  { path: '/applications/mine', title: 'My applications', private: true },
  { path: '/contact-us', title: 'Contact us' },
  { path: '/pricing', title: 'Pricing' },
  { path: '/terms-of-services', title: 'Terms of service' },
  { path: '/privacy-policy', title: 'Privacy policy' },
  { path: '/help-center', title: 'Help center' },
  { path: '/gallery', title: 'Gallery' },
  { path: '/collection', title: 'Collections' },
  { path: '/collection/:id' },
  { path: '/u/:username', head: 'profile' },
  { path: '/people', title: 'People' },
  { path: '/referrals', title: 'Referrals', private: true },
  { path: '/content', title: 'Content' },
  { path: '/content/:id', head: 'content' },
  { path: '/credits', title: 'Credits', private: true },
  { path: '/checkout/:sessionId', private: true },
  { path: '/billing', title: 'Billing', private: true },
  { path: '/settings', title: 'Settings', private: true },
  { path: '/settings/developers', title: 'Developers', private: true },
  { path: '/verify-email', title: 'Verify your email', private: true },
  { path: '/notifications/unsubscribe', title: 'Unsubscribe', private: true },
  { path: '/dashboard', title: 'Dashboard', private: true },
  { path: '/messages', title: 'Messages', private: true },
  { path: '/messages/:userId', title: 'Messages', private: true },
  { path: '/admin', title: 'Admin', private: true },
  { path: '/admin/plans', title: 'Plans', private: true },
  { path: '/admin/credit-products', title: 'Credit products', private: true },
  { path: '/admin/users', title: 'Users', private: true },
  { path: '/admin/users/:id', private: true },
  { path: '/admin/categories', title: 'Categories', private: true },
  { path: '/admin/credits', title: 'Credits', private: true },
  { path: '/admin/generation', title: 'Models & costs', private: true },
  { path: '/admin/reports', title: 'Reports', private: true },
  { path: '/admin/support', title: 'Support', private: true },
  { path: '/admin/support/:userId', title: 'Support', private: true },
] as const satisfies readonly SitePage[];

/** A route of SITE_PAGES (the router declares only these, and '*'). */
export type SitePagePath = (typeof SITE_PAGES)[number]['path'];

/** The page `pathname` (no trailing slash, no query) is: an exact path first, then a route with parameters. */
export function findSitePage(pathname: string): SitePage | undefined {
  const pages: readonly SitePage[] = SITE_PAGES;
  const exact = pages.find((p) => p.path === pathname);
  if (exact) return exact;
  const segments = pathname.split('/');
  return pages.find((p) => {
    const route = p.path.split('/');
    return (
      route.length === segments.length &&
      route.every((s, i) => (s.startsWith(':') ? segments[i] !== '' : s === segments[i]))
    );
  });
}

/** The title of the page at `pathname`: its own in SITE_PAGES, else one made from the path. */
export function pageTitle(pathname: string): string {
  return findSitePage(pathname)?.title ?? titleFromPath(pathname);
}

/**
 * What robots.txt disallows: the first segment of every private page. No public page shares one
 * (packages/shared/src/pages.test.ts).
 */
export function privatePrefixes(): string[] {
  const pages: readonly SitePage[] = SITE_PAGES;
  return [...new Set(pages.filter((p) => p.private).map((p) => `/${p.path.split('/')[1]}`))];
}
