import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { CollectionWithFlag } from '@atelier/shared';
import { jsonResponse, mockServer, renderWithStore, signedInState } from '../../../testing/render-with-store';
import { SaveToCollectionMenu } from './save-to-collection-menu';

afterEach(() => vi.unstubAllGlobals());

const ITEM = '5a5a5a5a-0000-4000-8000-000000000001';
const make = (id: string, name: string, containsItem: boolean): CollectionWithFlag => ({
  id,
  name,
  description: null,
  isPublic: false,
  itemCount: containsItem ? 1 : 0,
  coverUrl: null,
  owner: { id: 'u1', username: 'ada', fullName: 'Ada', avatar: null },
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  containsItem,
});

describe('Save to collection', () => {
  it('says "Saved to <name>" on the button once the item is saved', async () => {
    const holding = new Set<string>();
    mockServer({
      'GET /collection': () =>
        jsonResponse(200, {
          data: [make('c1', 'Harbours', holding.has('c1'))],
          pagination: { page: 1, pageSize: 50, total: 1, totalPages: 1 },
        }),
      'POST /collection/c1/items': () => {
        holding.add('c1');
        return jsonResponse(201, { data: make('c1', 'Harbours', true), message: 'Added to collection' });
      },
    });
    const { user } = renderWithStore(<SaveToCollectionMenu contentId={ITEM} />, { preloadedState: signedInState() });
    await user.click(screen.getByRole('button', { name: 'Save to collection' }));
    await user.click(await screen.findByRole('checkbox', { name: /Harbours/ }));
    expect(await screen.findByRole('button', { name: 'Saved to Harbours' })).toBeInTheDocument();
  });

  it('asks a signed-out visitor to sign in', async () => {
    mockServer({});
    const { user, store } = renderWithStore(<SaveToCollectionMenu contentId={ITEM} />);
    await user.click(screen.getByRole('button', { name: 'Save to collection' }));
    expect(store.getState().ui.authModal.isOpen).toBe(true);
  });

  it('checks the collections holding the item, toggles one, and creates a new one at the front', async () => {
    const holding = new Set(['c1']);
    const extra: CollectionWithFlag[] = [];
    const server = mockServer({
      'GET /collection': () =>
        jsonResponse(200, {
          data: [...extra, make('c1', 'Harbours', holding.has('c1')), make('c2', 'Dawn', holding.has('c2'))].map(
            (c) => ({ ...c, containsItem: holding.has(c.id) }),
          ),
          pagination: { page: 1, pageSize: 50, total: 2 + extra.length, totalPages: 1 },
        }),
      'POST /collection/c2/items': () => {
        holding.add('c2');
        return jsonResponse(201, { data: make('c2', 'Dawn', true), message: 'Added to collection' });
      },
      'POST /collection': () => {
        const created = make('c3', 'Night walks', false);
        extra.push(created);
        return jsonResponse(201, { data: created, message: 'Collection created' });
      },
      'POST /collection/c3/items': () => {
        holding.add('c3');
        return jsonResponse(201, { data: make('c3', 'Night walks', true), message: 'Added to collection' });
      },
    });
    const { user } = renderWithStore(<SaveToCollectionMenu contentId={ITEM} />, { preloadedState: signedInState() });
    // Already in one collection: the button says which.
    await user.click(await screen.findByRole('button', { name: 'Saved to Harbours' }));
    expect(await screen.findByRole('checkbox', { name: /Harbours/ })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('checkbox', { name: /Dawn/ })).toHaveAttribute('aria-checked', 'false');
    expect(server.callsTo('GET', '/collection')).toHaveLength(1);

    await user.click(screen.getByRole('checkbox', { name: /Dawn/ }));
    expect(await screen.findByText('Saved to Dawn')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Saved to 2 collections' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /Dawn/ })).toHaveAttribute('aria-checked', 'true'));
    expect(server.callsTo('POST', '/collection/c2/items')[0]?.body).toEqual({ itemId: ITEM, itemType: 'content' });

    await user.click(screen.getByRole('button', { name: 'New collection…' }));
    await user.type(screen.getByRole('textbox', { name: 'New collection name' }), 'Night walks');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Saved to Night walks')).toBeInTheDocument();
    await waitFor(() => {
      const names = screen.getAllByRole('checkbox').map((b) => b.textContent);
      expect(names[0]).toBe('Night walks');
    });
    expect(server.callsTo('POST', '/collection')[0]?.body).toEqual({ name: 'Night walks' });
  });
});
