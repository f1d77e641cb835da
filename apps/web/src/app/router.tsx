import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import type { SitePagePath } from '@atelier/shared';
import { Layout } from './layout/layout';
import { orNewVersion } from '../lib/stale-chunk';

interface LazyPage {
  Page: LazyExoticComponent<ComponentType>;
  preload: () => Promise<unknown>;
}

/**
 * Each page is its own chunk, fetched when its route is first shown or when a link to it is
 * pointed at, focused or touched (see `prefetchRoute`). The layout's Suspense shows a sized
 * placeholder meanwhile.
 */
function lazyPage<M>(load: () => Promise<M>, pick: (m: M) => ComponentType): LazyPage {
  let pending: Promise<{ default: ComponentType }> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (m) => ({ default: pick(m) }),
      (err: unknown) => {
        pending = null;
        throw err;
      },
    ));
  // Shown, not merely prefetched: a chunk of an old build that is gone reloads to the new one.
  return { Page: lazy(() => orNewVersion(preload())), preload };
}

const HomePage = lazyPage(
  () => import('../pages/home-page'),
  (m) => m.HomePage,
);
const AboutPage = lazyPage(
  () => import('../pages/about-page'),
  (m) => m.AboutPage,
);
const AiEthicsPage = lazyPage(
  () => import('../pages/ai-ethics-page'),
  (m) => m.AiEthicsPage,
);
const CareersPage = lazyPage(
  () => import('../pages/careers-page'),
  (m) => m.CareersPage,
);
const ContactPage = lazyPage(
  () => import('../pages/contact-page'),
  (m) => m.ContactPage,
);
const PricingPage = lazyPage(
  () => import('../pages/pricing-page'),
  (m) => m.PricingPage,
);
const TermsPage = lazyPage(
  () => import('../pages/terms-page'),
  (m) => m.TermsPage,
);
const PrivacyPage = lazyPage(
  () => import('../pages/privacy-page'),
  (m) => m.PrivacyPage,
);
const HelpCenterPage = lazyPage(
  () => import('../pages/help-center-page'),
  (m) => m.HelpCenterPage,
);
const GalleryPage = lazyPage(
  () => import('../pages/gallery-page'),
  (m) => m.GalleryPage,
);
const CollectionPage = lazyPage(
  () => import('../pages/collection-page'),
  (m) => m.CollectionPage,
);
const NotFoundPage = lazyPage(
  () => import('../pages/not-found-page'),
  (m) => m.NotFoundPage,
);
const MessagesPage = lazyPage(
  () => import('../features/messaging/pages/messages-page'),
  (m) => m.MessagesPage,
);
const AdminSupportPage = lazyPage(
  () => import('../features/messaging/pages/admin-support-page'),
  (m) => m.AdminSupportPage,
);
const CollectionDetailPage = lazyPage(
  () => import('../features/collections/pages/collection-detail-page'),
  (m) => m.CollectionDetailPage,
);
const ProfilePage = lazyPage(
  () => import('../pages/profile-page'),
  (m) => m.ProfilePage,
);
const PeoplePage = lazyPage(
  () => import('../features/users/pages/people-page'),
  (m) => m.PeoplePage,
);
const ReferralsPage = lazyPage(
  () => import('../features/users/pages/referrals-page'),
  (m) => m.ReferralsPage,
);
const SettingsPage = lazyPage(
  () => import('../features/auth/pages/settings-page'),
  (m) => m.SettingsPage,
);
const DevelopersPage = lazyPage(
  () => import('../features/developers/pages/developers-page'),
  (m) => m.DevelopersPage,
);
const UnsubscribePage = lazyPage(
  () => import('../features/notifications/pages/unsubscribe-page'),
  (m) => m.UnsubscribePage,
);
const VerifyEmailPage = lazyPage(
  () => import('../features/auth/pages/verify-email-page'),
  (m) => m.VerifyEmailPage,
);
const ContentPage = lazyPage(
  () => import('../features/content/pages/content-page'),
  (m) => m.ContentPage,
);
const ContentQueryRedirect = lazyPage(
  () => import('../features/content/pages/content-query-redirect'),
  (m) => m.ContentQueryRedirect,
);
const CreditsPage = lazyPage(
  () => import('../features/billing/pages/credits-page'),
  (m) => m.CreditsPage,
);
const CheckoutPage = lazyPage(
  () => import('../features/billing/pages/checkout-page'),
  (m) => m.CheckoutPage,
);
const BillingPage = lazyPage(
  () => import('../features/billing/pages/billing-page'),
  (m) => m.BillingPage,
);
const AdminPlansPage = lazyPage(
  () => import('../features/billing/pages/admin-plans-page'),
  (m) => m.AdminPlansPage,
);
const AdminCreditProductsPage = lazyPage(
  () => import('../features/billing/pages/admin-credit-products-page'),
  (m) => m.AdminCreditProductsPage,
);
const JobPage = lazyPage(
  () => import('../features/jobs/pages/job-page'),
  (m) => m.JobPage,
);
const MyJobsPage = lazyPage(
  () => import('../features/jobs/pages/my-jobs-page'),
  (m) => m.MyJobsPage,
);
const JobEditorPage = lazyPage(
  () => import('../features/jobs/pages/job-editor-page'),
  (m) => m.JobEditorPage,
);
const JobApplicationsPage = lazyPage(
  () => import('../features/jobs/pages/job-applications-page'),
  (m) => m.JobApplicationsPage,
);
const MyApplicationsPage = lazyPage(
  () => import('../features/jobs/pages/my-applications-page'),
  (m) => m.MyApplicationsPage,
);
const DashboardPage = lazyPage(
  () => import('../features/dashboards/pages/dashboard-page'),
  (m) => m.DashboardPage,
);
const AdminDashboardPage = lazyPage(
  () => import('../features/admin/pages/admin-dashboard-page'),
  (m) => m.AdminDashboardPage,
);
const AdminUsersPage = lazyPage(
  () => import('../features/admin/pages/admin-users-page'),
  (m) => m.AdminUsersPage,
);
const AdminUserPage = lazyPage(
  () => import('../features/admin/pages/admin-user-page'),
  (m) => m.AdminUserPage,
);
const AdminCreditsPage = lazyPage(
  () => import('../features/admin/pages/admin-credits-page'),
  (m) => m.AdminCreditsPage,
);
const AdminGenerationPage = lazyPage(
  () => import('../features/admin/pages/admin-generation-page'),
  (m) => m.AdminGenerationPage,
);
const AdminReportsPage = lazyPage(
  () => import('../features/moderation/pages/admin-reports-page'),
  (m) => m.AdminReportsPage,
);
const AdminCategoriesPage = lazyPage(
  () => import('../features/content/pages/admin-categories-page'),
  (m) => m.AdminCategoriesPage,
);

const pageOf = new WeakMap<RouteObject, LazyPage>();
/** A route of the one page list (SITE_PAGES in packages/shared, which the server's heads read too), or '*'. */
function route(path: SitePagePath | '*', page: LazyPage): RouteObject {
  const r: RouteObject = { path, element: <page.Page /> };
  pageOf.set(r, page);
  return r;
}

/** Every route of the product. Pages set their own title and meta through <PageMeta>. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      route('/', HomePage),
      route('/about-us', AboutPage),
      route('/ai-ethics', AiEthicsPage),
      route('/careers', CareersPage),
      route('/careers/:id', JobPage),
      route('/jobs/mine', MyJobsPage),
      route('/jobs/new', JobEditorPage),
      route('/jobs/:id/edit', JobEditorPage),
      route('/jobs/:id/applications', JobApplicationsPage),
      route('/applications/mine', MyApplicationsPage),
      route('/contact-us', ContactPage),
      route('/pricing', PricingPage),
      route('/terms-of-services', TermsPage),
      route('/privacy-policy', PrivacyPage),
      route('/help-center', HelpCenterPage),
      route('/gallery', GalleryPage),
      route('/collection', CollectionPage),
      route('/collection/:id', CollectionDetailPage),
      route('/u/:username', ProfilePage),
      route('/people', PeoplePage),
      route('/referrals', ReferralsPage),
      route('/content', ContentQueryRedirect),
      route('/content/:id', ContentPage),
      route('/credits', CreditsPage),
      route('/checkout/:sessionId', CheckoutPage),
      route('/billing', BillingPage),
      route('/admin/plans', AdminPlansPage),
      route('/admin/credit-products', AdminCreditProductsPage),
      route('/settings', SettingsPage),
      route('/settings/developers', DevelopersPage),
      route('/verify-email', VerifyEmailPage),
      route('/notifications/unsubscribe', UnsubscribePage),
      route('/dashboard', DashboardPage),
      route('/admin', AdminDashboardPage),
      route('/admin/users', AdminUsersPage),
      route('/admin/categories', AdminCategoriesPage),
      route('/admin/users/:id', AdminUserPage),
      route('/admin/credits', AdminCreditsPage),
      route('/admin/generation', AdminGenerationPage),
      route('/admin/reports', AdminReportsPage),
      route('/messages', MessagesPage),
      route('/messages/:userId', MessagesPage),
      route('/admin/support', AdminSupportPage),
      route('/admin/support/:userId', AdminSupportPage),
      route('*', NotFoundPage),
    ],
  },
];

/** A path's first segment as React Router compares it (decoded, any case): '' for '/'. */
function firstSegment(path: string): string {
  const segment = path.split('/').find(Boolean) ?? '';
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

/**
 * The routes a path can match, found by its first segment. React Router flattens, ranks and
 * compiles every route it is given on each match (a phone's first match of all of them is a long
 * task of its own); routes whose first segments differ never match the same path, so each path is
 * matched against its own few routes and the catch-all only. Every first segment here is a fixed
 * word; a route whose first segment were a parameter would have to join every group.
 */
const layoutRoute = routes[0]!;
const catchAll = layoutRoute.children!.filter((r) => r.path === '*');
const pagesBySegment = new Map<string, RouteObject[]>();
for (const child of layoutRoute.children!) {
  if (child.path === '*') continue;
  const key = firstSegment(child.path!);
  if (key.startsWith(':') || key.startsWith('*')) throw new Error(`route ${child.path!} starts with a parameter`);
  pagesBySegment.set(key, [...(pagesBySegment.get(key) ?? []), child]);
}
const withLayout = (pages: RouteObject[]): RouteObject[] => [{ element: layoutRoute.element, children: [...pages, ...catchAll] }];
const routeGroups = new Map([...pagesBySegment].map(([key, pages]) => [key, withLayout(pages)]));
const notFoundGroup = withLayout([]);

export function routesFor(pathname: string): RouteObject[] {
  return routeGroups.get(firstSegment(pathname)) ?? notFoundGroup;
}

/** Starts loading the chunk of the page at `pathname` (a no-op when it is loaded or loading). */
export function prefetchRoute(pathname: string): Promise<unknown> {
  const matches = matchRoutes(routesFor(pathname), pathname) ?? [];
  return Promise.all(matches.map((m) => pageOf.get(m.route)?.preload()));
}

/**
 * Navigation stays instant: the chunk of a same-site link's page starts loading when the link is
 * pointed at, focused or touched, before it is clicked.
 */
export function prefetchOnIntent(): void {
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    void prefetchRoute(link.pathname).catch(() => {
      // A failed prefetch is retried by the navigation itself, which shows its own error.
    });
  };
  for (const type of ['pointerover', 'focusin', 'touchstart'] as const) {
    document.addEventListener(type, onIntent, { passive: true, capture: true });
  }
}

/** The app's routes, under the BrowserRouter of the entry (the lighter of React Router's two routers). */
export function AppRoutes() {
  return useRoutes(routesFor(useLocation().pathname));
}
