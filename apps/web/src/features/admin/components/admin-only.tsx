import type { ReactNode } from 'react';
import { pageTitle, type SitePagePath } from '@atelier/shared';
import { PageMeta } from '../../../components/page-meta';
import { Button, ButtonLink, EmptyState } from '../../../components/ui';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { uiActions } from '../../ui';
import { AdminNav } from './admin-nav';
import '../../../components/dashboard.css';

/**
 * Shows admin pages to admins; everyone else gets a clear explanation (the server refuses them anyway).
 * The title is the page's own in the page list (SITE_PAGES), as the server's head has it.
 */
export function AdminOnly({
  page,
  description,
  children,
}: {
  page: SitePagePath;
  description?: string;
  children: ReactNode;
}) {
  const title = pageTitle(page);
  const dispatch = useAppDispatch();
  const user = useAppSelector((s) => (s.auth.isAuthenticated ? s.auth.user : null));
  if (!user) {
    return (
      <section className="container admin-page">
        <PageMeta title={title} />
        <h1>{title}</h1>
        <EmptyState
          title="Sign in as an administrator"
          description="This area is for Atelier administrators."
          action={<Button onClick={() => dispatch(uiActions.authModalOpened('login'))}>Sign in</Button>}
        />
      </section>
    );
  }
  if (user.role !== 'admin') {
    return (
      <section className="container admin-page">
        <PageMeta title={title} />
        <h1>{title}</h1>
        <EmptyState
          title="Admins only"
          description="Your account does not have access to the admin area."
          action={<ButtonLink to="/dashboard">Go to your dashboard</ButtonLink>}
        />
      </section>
    );
  }
  return (
    <section className="container admin-page">
      <PageMeta title={title} description={description} />
      <AdminNav />
      {children}
    </section>
  );
}
