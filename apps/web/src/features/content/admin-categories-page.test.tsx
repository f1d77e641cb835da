import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { CategoryTreeNode } from '@atelier/shared';
import {
  errorResponse,
  jsonResponse,
  makeUser,
  mockServer,
  renderWithStore,
  signedInState,
} from '../../testing/render-with-store';
import { AdminCategoriesPage } from './pages/admin-categories-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const node = (id: string, name: string, children: CategoryTreeNode[] = [], isActive = true): CategoryTreeNode => ({
  id,
  name,
  slug: name.toLowerCase(),
  description: null,
  parentId: null,
  isActive,
  sortOrder: 0,
  contentCount: 2,
  createdAt: '2026-01-01T00:00:00.000Z',
  children,
});

describe('AdminCategoriesPage', () => {
  it('is for administrators only', () => {
    mockServer({});
    renderWithStore(<AdminCategoriesPage />, { preloadedState: signedInState(makeUser()) });
    expect(screen.getByText('Admins only')).toBeInTheDocument();
  });

  it('shows the tree, toggles the checked categories and lists import row errors', async () => {
    const server = mockServer({
      'GET /category/tree': () =>
        jsonResponse(200, { data: [node('n1', 'Nature', [node('n2', 'Oceans', [], false)])] }),
      'POST /category/bulk-toggle': () => jsonResponse(200, { data: { updated: 1 }, message: '1 categories updated' }),
    });
    // The shared mock reads bodies as JSON; the import is multipart, so it is answered here.
    const jsonOnly = globalThis.fetch;
    const imports: FormData[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      if (!request.url.endsWith('/category/import')) return jsonOnly(input, init);
      imports.push(await request.formData());
      return jsonResponse(400, {
        statusCode: 400,
        code: 'BAD_REQUEST',
        error: 'Bad Request',
        message: 'Failed to import categories: row 2: name is required',
        details: [{ path: 'rows.2', message: 'name is required' }],
      });
    });
    const { user } = renderWithStore(<AdminCategoriesPage />, {
      preloadedState: signedInState(makeUser({ role: 'admin' })),
    });
    expect(await screen.findByRole('checkbox', { name: 'Oceans' })).toBeInTheDocument();
    expect(screen.getByText('Inactive')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Oceans' }));
    await user.click(screen.getByRole('button', { name: 'Activate selected' }));
    await waitFor(() => expect(server.callsTo('POST', '/category/bulk-toggle')).toHaveLength(1));
    expect(server.callsTo('POST', '/category/bulk-toggle')[0]?.body).toEqual({ ids: ['n2'], isActive: true });

    const file = new File(['name\n\n'], 'cats.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('Import file'), file);
    expect(await screen.findByText('Row 2: name is required')).toBeInTheDocument();
    expect(imports).toHaveLength(1);
  });

  it('says so when the tree cannot be loaded', async () => {
    mockServer({ 'GET /category/tree': () => errorResponse(500) });
    renderWithStore(<AdminCategoriesPage />, { preloadedState: signedInState(makeUser({ role: 'admin' })) });
    expect(await screen.findByText('Failed to fetch category tree')).toBeInTheDocument();
  });
});
