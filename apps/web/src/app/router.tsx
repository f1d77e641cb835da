import { createBrowserRouter, type RouteObject } from 'react-router';
import { Layout } from './layout/layout';
import { HomePage } from '../pages/home-page';
import { NotFoundPage } from '../pages/not-found-page';

/** Every route of the product. Pages set their own title and meta through <PageMeta>. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function makeRouter() {
  return createBrowserRouter(routes);
}
