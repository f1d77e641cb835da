import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Socket } from 'socket.io-client';
import type { CollectionWithFlag } from '@atelier/shared';
import { axeViolations } from './testing/axe';
import { jsonResponse, makeUser, mockServer, renderWithStore, signedInState } from './testing/render-with-store';
import { SaveToCollectionMenu } from './features/collections/components/save-to-collection-menu';
import { CohortTable } from './features/admin/pages/admin-dashboard-page';
import { SupportChat } from './features/messaging/components/support-chat';
import { FakeSocket } from './testing/fake-socket';
import { RealtimeConnection } from './features/realtime/realtime-connection';
import { RealtimeProvider } from './features/realtime/realtime-provider';
import { ContentTile } from './components/content-tile';
import { makeContent } from './testing/generation-test-utils';

beforeEach(() => localStorage.setItem('accessToken', 'token-1'));
afterEach(() => vi.unstubAllGlobals());

const collection = (id: string, name: string, containsItem: boolean): CollectionWithFlag => ({
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

describe('accessibility (axe)', () => {
  it('the save-to-collection list: switches with their state, no orphaned menu items', async () => {
    mockServer({
      'GET /collection': () =>
        jsonResponse(200, {
          data: [collection('c1', 'Harbours', true), collection('c2', 'Dawn', false)],
          pagination: { page: 1, pageSize: 50, total: 2, totalPages: 1 },
        }),
    });
    const { user } = renderWithStore(<SaveToCollectionMenu contentId="5a5a5a5a-0000-4000-8000-000000000001" />, {
      preloadedState: signedInState(),
    });
    // "Saved to Harbours" once it knows where the item is.
    await user.click(await screen.findByRole('button', { name: 'Saved to Harbours' }));
    expect(await screen.findByRole('checkbox', { name: 'Harbours' })).toHaveAttribute('aria-checked', 'true');
    expect(await axeViolations()).toEqual([]);
  });

  it("the admin dashboard's wide tables can be scrolled from the keyboard and are named", async () => {
    renderWithStore(
      <CohortTable
        cohorts={[
          { week: '2026-01-05', size: 4, retention: [1, 0.5, 0.25] },
          { week: '2026-01-12', size: 2, retention: [1, 0.5, null] },
        ]}
      />,
    );
    const scroller = screen.getByRole('region', { name: 'Weekly cohort retention' });
    expect(scroller).toHaveAttribute('tabindex', '0');
    expect(scroller.querySelector('table')).not.toBeNull();
    expect(await axeViolations()).toEqual([]);
  });

  it('the support chat adds no second banner to the page', async () => {
    mockServer({
      'GET /messages/support': () =>
        jsonResponse(200, {
          data: {
            supportUser: {
              id: '22222222-2222-4222-8222-222222222222',
              username: 'support',
              fullName: 'Support',
              avatar: null,
            },
          },
        }),
      'GET /messages/conversations/22222222-2222-4222-8222-222222222222/messages': () =>
        jsonResponse(200, { data: [], hasMore: false }),
    });
    const connection = new RealtimeConnection({
      readToken: () => localStorage.getItem('accessToken'),
      createSocket: (options) => new FakeSocket(options as Record<string, unknown>) as unknown as Socket,
    });
    const { user } = renderWithStore(
      <RealtimeProvider connection={connection}>
        <header>Atelier</header>
        <main>
          <h1>Page</h1>
        </main>
        <SupportChat />
      </RealtimeProvider>,
      { preloadedState: signedInState(makeUser({ role: 'user' })) },
    );
    await user.click(screen.getByRole('button', { name: /open support chat/i }));
    await screen.findByText('No messages yet. Start a conversation!');
    expect(screen.getAllByRole('banner')).toHaveLength(1);
    await act(async () => expect(await axeViolations()).toEqual([]));
  });

  it('profile tiles do not read their caption twice', async () => {
    renderWithStore(
      <ul>
        <li>
          <ContentTile content={makeContent({ title: 'Harbour at dawn' })} />
        </li>
      </ul>,
    );
    expect(screen.getByRole('link', { name: 'Harbour at dawn' })).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });
});
