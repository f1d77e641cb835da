import { createBrowserRouter, type RouteObject } from 'react-router';
import { Layout } from './layout/layout';
import { HomePage } from '../pages/home-page';
import { AboutPage } from '../pages/about-page';
import { AiEthicsPage } from '../pages/ai-ethics-page';
import { CareersPage } from '../pages/careers-page';
import { ContactPage } from '../pages/contact-page';
import { PricingPage } from '../pages/pricing-page';
import { TermsPage } from '../pages/terms-page';
import { PrivacyPage } from '../pages/privacy-page';
import { HelpCenterPage } from '../pages/help-center-page';
import { GalleryPage } from '../pages/gallery-page';
import { CollectionPage } from '../pages/collection-page';
import { NotFoundPage } from '../pages/not-found-page';
import { MessagesPage } from '../features/messaging/pages/messages-page';
import { AdminSupportPage } from '../features/messaging/pages/admin-support-page';
import { CollectionDetailPage } from '../features/collections/pages/collection-detail-page';
import { ProfilePage } from '../features/users/pages/profile-page';
import { PeoplePage } from '../features/users/pages/people-page';
import { ReferralsPage } from '../features/users/pages/referrals-page';
import { SettingsPage } from '../features/auth/pages/settings-page';
import { DevelopersPage } from '../features/developers/pages/developers-page';
import { VerifyEmailPage } from '../features/auth/pages/verify-email-page';
import { ContentPage } from '../features/generation/pages/content-page';
import { ContentQueryRedirect } from '../features/generation/pages/content-query-redirect';
import { CreditsPage } from '../features/generation/pages/credits-page';
import { CheckoutPage } from '../features/billing/pages/checkout-page';
import { BillingPage } from '../features/billing/pages/billing-page';
import { AdminPlansPage } from '../features/billing/pages/admin-plans-page';
import { AdminCreditProductsPage } from '../features/billing/pages/admin-credit-products-page';
import { JobPage } from '../features/jobs/pages/job-page';
import { MyJobsPage } from '../features/jobs/pages/my-jobs-page';
import { JobEditorPage } from '../features/jobs/pages/job-editor-page';
import { JobApplicationsPage } from '../features/jobs/pages/job-applications-page';
import { MyApplicationsPage } from '../features/jobs/pages/my-applications-page';
import { DashboardPage } from '../features/dashboards/pages/dashboard-page';
import { AdminDashboardPage } from '../features/admin/pages/admin-dashboard-page';
import { AdminUsersPage } from '../features/admin/pages/admin-users-page';
import { AdminUserPage } from '../features/admin/pages/admin-user-page';
import { AdminCreditsPage } from '../features/admin/pages/admin-credits-page';
import { AdminCategoriesPage } from '../features/content/pages/admin-categories-page';

/** Every route of the product. Pages set their own title and meta through <PageMeta>. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/about-us', element: <AboutPage /> },
      { path: '/ai-ethics', element: <AiEthicsPage /> },
      { path: '/careers', element: <CareersPage /> },
      { path: '/careers/:id', element: <JobPage /> },
      { path: '/jobs/mine', element: <MyJobsPage /> },
      { path: '/jobs/new', element: <JobEditorPage /> },
      { path: '/jobs/:id/edit', element: <JobEditorPage /> },
      { path: '/jobs/:id/applications', element: <JobApplicationsPage /> },
      { path: '/applications/mine', element: <MyApplicationsPage /> },
      { path: '/contact-us', element: <ContactPage /> },
      { path: '/pricing', element: <PricingPage /> },
      { path: '/terms-of-services', element: <TermsPage /> },
      { path: '/privacy-policy', element: <PrivacyPage /> },
      { path: '/help-center', element: <HelpCenterPage /> },
      { path: '/gallery', element: <GalleryPage /> },
      { path: '/collection', element: <CollectionPage /> },
      { path: '/collection/:id', element: <CollectionDetailPage /> },
      { path: '/u/:username', element: <ProfilePage /> },
      { path: '/people', element: <PeoplePage /> },
      { path: '/referrals', element: <ReferralsPage /> },
      { path: '/content', element: <ContentQueryRedirect /> },
      { path: '/content/:id', element: <ContentPage /> },
      { path: '/credits', element: <CreditsPage /> },
      { path: '/checkout/:sessionId', element: <CheckoutPage /> },
      { path: '/billing', element: <BillingPage /> },
      { path: '/admin/plans', element: <AdminPlansPage /> },
      { path: '/admin/credit-products', element: <AdminCreditProductsPage /> },
      { path: '/settings', element: <SettingsPage /> },
      { path: '/settings/developers', element: <DevelopersPage /> },
      { path: '/verify-email', element: <VerifyEmailPage /> },
      { path: '/dashboard', element: <DashboardPage /> },
      { path: '/admin', element: <AdminDashboardPage /> },
      { path: '/admin/users', element: <AdminUsersPage /> },
      { path: '/admin/categories', element: <AdminCategoriesPage /> },
      { path: '/admin/users/:id', element: <AdminUserPage /> },
      { path: '/admin/credits', element: <AdminCreditsPage /> },
      { path: '/messages', element: <MessagesPage /> },
      { path: '/messages/:userId', element: <MessagesPage /> },
      { path: '/admin/support', element: <AdminSupportPage /> },
      { path: '/admin/support/:userId', element: <AdminSupportPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function makeRouter() {
  return createBrowserRouter(routes);
}
