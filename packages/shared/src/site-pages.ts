import { titleFromPath } from './pages.js';

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
 * from here) and for the server's heads, sitemap and robots (apps/server/src/modules/pages). A module
 * of its own, apart from pages.ts, so the home page's first load (which uses titleFromPath) does not
 * carry it.
 */
export const SITE_PAGES = [
  { path: '/', title: 'Create photos, video and more from a prompt' },
  { path: '/about-us', title: 'About us' },
  { path: '/ai-ethics', title: 'AI ethics' },
  { path: '/careers', title: 'Careers' },
  { path: '/careers/:id' },
  { path: '/jobs/mine', title: 'My jobs', private: true },
  { path: '/jobs/new', title: 'Post a job', private: true },
  { path: '/jobs/:id/edit', title: 'Edit job', private: true },
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
  { path: '/checkout/:sessionId', title: 'Checkout', private: true },
  { path: '/billing', title: 'Billing', private: true },
  { path: '/settings', title: 'Settings', private: true },
  { path: '/settings/developers', title: 'Developers', private: true },
  { path: '/verify-email', title: 'Verify your email', private: true },
  { path: '/notifications/unsubscribe', title: 'Unsubscribe', private: true },
  { path: '/dashboard', title: 'Dashboard', private: true },
  { path: '/messages', title: 'Messages', private: true },
  { path: '/messages/:userId', title: 'Messages', private: true },
  { path: '/admin', title: 'Admin dashboard', private: true },
  { path: '/admin/plans', title: 'Plans', private: true },
  { path: '/admin/credit-products', title: 'Credit products', private: true },
  { path: '/admin/users', title: 'Users', private: true },
  { path: '/admin/users/:id', title: 'User', private: true },
  { path: '/admin/categories', title: 'Categories', private: true },
  { path: '/admin/credits', title: 'Credit audit', private: true },
  { path: '/admin/generation', title: 'Models & costs', private: true },
  { path: '/admin/reports', title: 'Reports', private: true },
  { path: '/admin/support', title: 'Support inbox', private: true },
  { path: '/admin/support/:userId', title: 'Support inbox', private: true },
] as const satisfies readonly SitePage[];

/** A route of SITE_PAGES (the router declares only these, and '*'). */
export type SitePagePath = (typeof SITE_PAGES)[number]['path'];

/**
 * The page `pathname` (no trailing slash, no query) is: an exact path first, then a route with
 * parameters. Like the router, it reads the fixed words in any case (`/ADMIN` is the admin page);
 * every route's fixed words are lower case (site-pages.test.ts).
 */
export function findSitePage(pathname: string): SitePage | undefined {
  const pages: readonly SitePage[] = SITE_PAGES;
  const exact = pages.find((p) => p.path === pathname);
  if (exact) return exact;
  const segments = pathname.split('/');
  return pages.find((p) => {
    const route = p.path.split('/');
    return (
      route.length === segments.length &&
      route.every((s, i) => (s.startsWith(':') ? segments[i] !== '' : s === segments[i]!.toLowerCase()))
    );
  });
}

/** The title of the page at `pathname`: its own in SITE_PAGES, else one made from the path. */
export function pageTitle(pathname: string): string {
  return findSitePage(pathname)?.title ?? titleFromPath(pathname);
}

/**
 * What robots.txt disallows: the first segment of every private page. No public page shares one
 * (site-pages.test.ts).
 */
export function privatePrefixes(): string[] {
  const pages: readonly SitePage[] = SITE_PAGES;
  return [...new Set(pages.filter((p) => p.private).map((p) => `/${p.path.split('/')[1]}`))];
}
