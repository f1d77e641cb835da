import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { CollectionWithFlag } from '@atelier/shared';
import { makeContent } from '../../../testing/generation-test-utils';
import {
  errorResponse,
  jsonResponse,
  makeUser,
  mockServer,
  renderWithStore,
  signedInState,
} from '../../../testing/render-with-store';
import { CollectionDetailPage } from './collection-detail-page';

afterEach(() => vi.unstubAllGlobals());

const ID = '9c9c9c9c-0000-4000-8000-000000000001';
const me = makeUser();
const collection = (ownerId: string, itemCount: number): CollectionWithFlag => ({
  id: ID,
  name: 'Harbours',
  description: 'Boats at rest',
  isPublic: true,
  itemCount,
  coverUrl: null,
  owner: { id: ownerId, username: 'ada', fullName: 'Ada Lovelace', avatar: null },
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});

const renderAt = (signedIn = true) =>
  renderWithStore(
    <Routes>
      <Route path="/collection/:id" element={<CollectionDetailPage />} />
    </Routes>,
    { route: `/collection/${ID}`, ...(signedIn ? { preloadedState: signedInState(me) } : {}) },
  );

describe('Collection page', () => {
  it('shows the items and lets the owner remove one', async () => {
    const piece = makeContent({ title: 'Fishing boat' });
    let items = [piece];
    const server = mockServer({
      [`GET /collection/${ID}`]: () => jsonResponse(200, { data: collection(me.id, items.length) }),
      [`GET /collection/${ID}/items`]: () =>
        jsonResponse(200, {
          data: items.map((item) => ({
            itemId: item.id,
            itemType: 'content',
            collectionId: ID,
            addedAt: '2025-01-02T00:00:00.000Z',
            item,
          })),
          pagination: { page: 1, pageSize: 24, total: items.length, totalPages: 1 },
        }),
      [`DELETE /collection/${ID}/items/${piece.id}`]: () => {
        items = [];
        return jsonResponse(200, { data: collection(me.id, 0), message: 'Removed from collection' });
      },
    });
    const { user } = renderAt();
    expect(await screen.findByRole('heading', { name: 'Harbours' })).toBeInTheDocument();
    expect(await screen.findByText('Fishing boat')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove Fishing boat' }));
    expect(await screen.findByText('This collection is empty')).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('DELETE', `/collection/${ID}/items/${piece.id}`)).toHaveLength(1));
  });

  it('offers no remove button to visitors', async () => {
    const piece = makeContent({ title: 'Fishing boat' });
    mockServer({
      [`GET /collection/${ID}`]: () => jsonResponse(200, { data: collection('someone-else', 1) }),
      [`GET /collection/${ID}/items`]: () =>
        jsonResponse(200, {
          data: [
            {
              itemId: piece.id,
              itemType: 'content',
              collectionId: ID,
              addedAt: '2025-01-02T00:00:00.000Z',
              item: piece,
            },
          ],
          pagination: { page: 1, pageSize: 24, total: 1, totalPages: 1 },
        }),
    });
    renderAt(false);
    expect(await screen.findByText('Fishing boat')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
  });

  it('shows not found for a private or missing collection', async () => {
    mockServer({ [`GET /collection/${ID}`]: () => errorResponse(404, 'Collection not found') });
    renderAt(false);
    expect(await screen.findByText('Your collections')).toBeInTheDocument();
    expect(screen.getAllByText('Collection not found').length).toBeGreaterThan(0);
  });
});
