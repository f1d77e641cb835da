import { Navigate, useSearchParams } from 'react-router';

/**
 * /content?id=… — the content page addressed by a query parameter (spec §2) lands on /content/{id};
 * without an id there is nothing to show but the gallery.
 */
export function ContentQueryRedirect() {
  const [params] = useSearchParams();
  const id = params.get('id')?.trim();
  return <Navigate to={id ? `/content/${encodeURIComponent(id)}` : '/gallery'} replace />;
}
