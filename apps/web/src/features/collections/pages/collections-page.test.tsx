import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { CollectionWithFlag } from '@atelier/shared';
import { jsonResponse, mockServer, renderWithStore, signedInState } from '../../../testing/render-with-store';
import { collectionsApi } from '../collections-api';
import { CollectionsPage } from './collections-page';

afterEach(() => vi.unstubAllGlobals());

const make = (id: string, name: string, extra: Partial<CollectionWithFlag> = {}): CollectionWithFlag => ({
  id,
  name,
  description: null,
  isPublic: false,
  itemCount: 0,
  coverUrl: null,
  owner: { id: 'u1', username: 'ada', fullName: 'Ada', avatar: null },
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...extra,
});
const page = (data: CollectionWithFlag[]) => ({
  data,
  pagination: { page: 1, pageSize: 12, total: data.length, totalPages: 1 },
});

describe('Collections page', () => {
  it('lists your collections and puts a new one first', async () => {
    const server = mockServer({
      'GET /collection': () =>
        jsonResponse(200, page([make('c1', 'Old favourites', { itemCount: 3, isPublic: true })])),
      'POST /collection': (call) =>
        jsonResponse(201, { data: make('c2', (call.body as { name: string }).name), message: 'Collection created' }),
    });
    const { user } = renderWithStore(<CollectionsPage />, { preloadedState: signedInState() });
    expect(await screen.findByText('Old favourites')).toBeInTheDocument();
    expect(screen.getByText(/3 items/)).toBeInTheDocument();

    await user.type(screen.getByPlaceholderText('Name'), 'Blue hour');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(server.callsTo('POST', '/collection')).toHaveLength(1));
    expect(server.callsTo('POST', '/collection')[0]?.body).toEqual({ name: 'Blue hour', isPublic: false });
    const titles = await screen.findAllByText(/Blue hour|Old favourites/);
    expect(titles.map((t) => t.textContent)).toEqual(['Blue hour', 'Old favourites']);
    expect(await screen.findByText('Collection created')).toBeInTheDocument();
    // Only one list load: the new collection went into the cached list, not a refetch.
    expect(server.callsTo('GET', '/collection')).toHaveLength(1);
  });

  it('does not create a list that was never loaded', async () => {
    mockServer({
      'POST /collection': () => jsonResponse(201, { data: make('c9', 'Fresh'), message: 'Collection created' }),
    });
    const { store } = renderWithStore(<div />, { preloadedState: signedInState() });
    await store.dispatch(collectionsApi.endpoints.createCollection.initiate({ name: 'Fresh' }));
    expect(collectionsApi.endpoints.getMyCollections.select({ page: 1 })(store.getState()).data).toBeUndefined();
  });

  it('toggles public and shows the server message when deleting fails', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const server = mockServer({
      'GET /collection': () => jsonResponse(200, page([make('c1', 'Sketches')])),
      'PATCH /collection/c1': () =>
        jsonResponse(200, { data: make('c1', 'Sketches', { isPublic: true }), message: 'Collection updated' }),
      'DELETE /collection/c1': () => jsonResponse(500, { statusCode: 500, code: 'X', error: 'Internal', message: '' }),
    });
    const { user } = renderWithStore(<CollectionsPage />, { preloadedState: signedInState() });
    const card = (await screen.findByText('Sketches')).closest('article') as HTMLElement;
    await user.click(within(card).getByRole('button', { name: 'Make public' }));
    expect(await within(card).findByRole('button', { name: 'Make private' })).toBeInTheDocument();
    expect(server.callsTo('PATCH', '/collection/c1')[0]?.body).toEqual({ isPublic: true });
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete collection')).toBeInTheDocument();
    expect(screen.getByText('Sketches')).toBeInTheDocument();
  });
});
