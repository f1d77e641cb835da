import { useLocation } from 'react-router';
import { PageMeta } from '../components/page-meta';
import { ButtonLink } from '../components/ui';
import './pages.css';

/** Any unknown route: titled after its last path segment (spec §2), with a way back. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <>
      <PageMeta description="This page doesn't exist on Atelier. Head back to the home page or search the help center." />
      <section className="container not-found" aria-labelledby="not-found-title">
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1 id="not-found-title">Page not found</h1>
        <p className="lead not-found__path">
          There is nothing at <code>{pathname}</code>. It may have moved, or the link may have a typo.
        </p>
        <div className="cluster">
          <ButtonLink to="/">Go to the home page</ButtonLink>
          <ButtonLink to="/help-center" variant="secondary">
            Visit the help center
          </ButtonLink>
        </div>
      </section>
    </>
  );
}
