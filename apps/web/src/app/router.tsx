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
import { SettingsPage } from '../features/auth/pages/settings-page';
import { VerifyEmailPage } from '../features/auth/pages/verify-email-page';
import { ContentPage } from '../features/generation/pages/content-page';
import { CreditsPage } from '../features/generation/pages/credits-page';
import { JobPage } from '../features/jobs/pages/job-page';
import { MyJobsPage } from '../features/jobs/pages/my-jobs-page';
import { JobEditorPage } from '../features/jobs/pages/job-editor-page';
import { JobApplicationsPage } from '../features/jobs/pages/job-applications-page';
import { MyApplicationsPage } from '../features/jobs/pages/my-applications-page';

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
      { path: '/content/:id', element: <ContentPage /> },
      { path: '/credits', element: <CreditsPage /> },
      { path: '/settings', element: <SettingsPage /> },
      { path: '/verify-email', element: <VerifyEmailPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function makeRouter() {
  return createBrowserRouter(routes);
}
