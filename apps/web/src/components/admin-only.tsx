import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { pageTitle, type SitePagePath } from '@atelier/shared';
import { PageMeta } from './page-meta';
import { Badge, Button, ButtonLink, EmptyState } from './ui';
import { useAppDispatch, useAppSelector } from '../lib/hooks';
import { useGetOpenReportsCountQuery } from '../lib/open-reports';
import { uiActions } from '../lib/ui-slice';
import './dashboard.css';

const SECTIONS = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/reports', label: 'Reports' },
  { to: '/admin/credits', label: 'Credit audit' },
  { to: '/admin/credit-products', label: 'Credit products' },
  { to: '/admin/plans', label: 'Plans' },
  { to: '/admin/generation', label: 'Models & costs' },
  { to: '/admin/categories', label: 'Categories' },
  { to: '/admin/support', label: 'Support inbox' },
];

/** How many reports wait in the queue, beside the link to it. */
function OpenReportsCount() {
  const { data: open } = useGetOpenReportsCountQuery();
  if (!open) return null;
  return (
    <Badge tone="warning" className="admin-nav__count">
      <span aria-hidden="true">{open}</span>
      <span className="visually-hidden">{`${open} open reports`}</span>
    </Badge>
  );
}

/** Every administration screen, one click away from any other. */
function AdminNav() {
  return (
    <nav className="admin-nav" aria-label="Administration">
      <ul>
        {SECTIONS.map((s) => (
          <li key={s.to}>
            <NavLink to={s.to} end={s.end}>
              {s.label}
              {s.to === '/admin/reports' && <OpenReportsCount />}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The admin area's frame, below the features so each feature's admin page can sit in it: shows
 * admin pages to admins; everyone else gets a clear explanation (the server refuses them anyway).
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
