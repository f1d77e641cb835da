import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Route, Routes, useParams } from 'react-router';
import type { ProfileByUsername } from '@atelier/shared';
import { makeContent } from '../testing/generation-test-utils';
import {
  errorResponse,
  jsonResponse,
  makeUser,
  mockServer,
  renderWithStore,
  signedInState,
} from '../testing/render-with-store';
import { ProfilePage } from './profile-page';

afterEach(() => vi.unstubAllGlobals());

const GRACE = '7f3c2b1a-0000-4000-8000-0000000000aa';
const pagination = (total: number) => ({ page: 1, pageSize: 12, total, totalPages: 1 });

function profile(overrides: Partial<ProfileByUsername['user']> = {}, isFollowing = false): ProfileByUsername {
  return {
    user: {
      id: GRACE,
      username: 'grace',
      fullName: 'Grace Hopper',
      name: 'Grace Hopper',
      avatar: null,
      bio: 'Compilers and colour studies',
      website: 'https://grace.example.com',
      location: 'Arlington',
      isPrivate: false,
      isSelf: false,
      createdAt: '2025-01-01T00:00:00.000Z',
      ...overrides,
    },
    stats: { followers: 12, following: 3, content: 1 },
    isFollowing,
  };
}

function ConversationStub() {
  const { userId } = useParams();
  return <h1>Conversation with {userId}</h1>;
}

const renderAt = (path: string, signedIn = true) =>
  renderWithStore(
    <Routes>
      <Route path="/u/:username" element={<ProfilePage />} />
      <Route path="/messages/:userId" element={<ConversationStub />} />
    </Routes>,
    { route: path, ...(signedIn ? { preloadedState: signedInState() } : {}) },
  );

describe('Profile page', () => {
  it('shows the header, stats and public content, and follows with a live count', async () => {
    let isFollowing = false;
    const server = mockServer({
      'GET /users/profile/grace': () => {
        const p = profile({}, isFollowing);
        return jsonResponse(200, { data: { ...p, stats: { ...p.stats, followers: isFollowing ? 13 : 12 } } });
      },
      [`GET /users/${GRACE}/content`]: () =>
        jsonResponse(200, { data: [makeContent({ title: 'Harbour at dawn' })], pagination: pagination(1) }),
      [`POST /users/follow/${GRACE}`]: () => {
        isFollowing = true;
        return jsonResponse(200, { data: { isFollowing: true, followers: 13 }, message: 'ok' });
      },
    });
    const { user } = renderAt('/u/grace');
    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeInTheDocument();
    expect(screen.getByText('Compilers and colour studies')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'grace.example.com' })).toHaveAttribute(
      'href',
      'https://grace.example.com',
    );
    const stats = screen.getByLabelText('Profile stats');
    expect(within(stats).getByText('12')).toBeInTheDocument();
    expect(await screen.findByText('Harbour at dawn')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('button', { name: 'Following' })).toBeInTheDocument();
    expect(within(stats).getByText('13')).toBeInTheDocument();
    expect(server.callsTo('POST', `/users/follow/${GRACE}`)).toHaveLength(1);
  });

  it('opens the conversation with them from "Message"', async () => {
    mockServer({
      'GET /users/profile/grace': () => jsonResponse(200, { data: profile() }),
      [`GET /users/${GRACE}/content`]: () => jsonResponse(200, { data: [], pagination: pagination(0) }),
    });
    const { user } = renderAt('/u/grace');
    await user.click(await screen.findByRole('button', { name: 'Message' }));
    expect(await screen.findByRole('heading', { name: `Conversation with ${GRACE}` })).toBeInTheDocument();
  });

  it('asks a visitor to sign in first, then opens the conversation', async () => {
    mockServer({
      'GET /users/profile/grace': () => jsonResponse(200, { data: profile() }),
      [`GET /users/${GRACE}/content`]: () => jsonResponse(200, { data: [], pagination: pagination(0) }),
    });
    const { user, store } = renderAt('/u/grace', false);
    await user.click(await screen.findByRole('button', { name: 'Message' }));
    expect(store.getState().ui.authModal).toMatchObject({
      isOpen: true,
      mode: 'login',
      intent: { kind: 'navigate', to: `/messages/${GRACE}` },
    });
  });

  it('lists followers with their own follow buttons on the Followers tab', async () => {
    mockServer({
      'GET /users/profile/grace': () => jsonResponse(200, { data: profile() }),
      [`GET /users/${GRACE}/content`]: () => jsonResponse(200, { data: [], pagination: pagination(0) }),
      [`GET /users/${GRACE}/followers`]: () =>
        jsonResponse(200, {
          data: [
            {
              id: 'a1b2c3d4-0000-4000-8000-000000000001',
              username: 'linus',
              fullName: 'Linus T',
              avatar: null,
              isFollowing: true,
            },
          ],
          pagination: pagination(1),
        }),
    });
    const { user } = renderAt('/u/grace');
    await user.click(await screen.findByRole('tab', { name: 'Followers' }));
    const list = await screen.findByRole('list', { name: 'Followers' });
    expect(within(list).getByRole('link', { name: /Linus T/ })).toHaveAttribute('href', '/u/linus');
    expect(within(list).getByRole('button', { name: 'Following' })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Message Linus T' })).toBeInTheDocument();
  });

  it('shows "Edit profile" instead of Follow on your own page', async () => {
    const me = makeUser();
    mockServer({
      'GET /users/profile/ada': () =>
        jsonResponse(200, { data: profile({ id: me.id, username: 'ada', fullName: 'Ada Lovelace', isSelf: true }) }),
      [`GET /users/${me.id}/content`]: () => jsonResponse(200, { data: [], pagination: pagination(0) }),
    });
    renderAt('/u/ada');
    expect(await screen.findByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', '/settings');
    expect(screen.queryByRole('button', { name: 'Follow' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Message' })).not.toBeInTheDocument();
    // The owner's tools sit on their own content tab only.
    expect(await screen.findByRole('button', { name: 'Download all my content' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeInTheDocument();
  });

  it("offers no owner tools on someone else's page", async () => {
    mockServer({
      'GET /users/profile/grace': () => jsonResponse(200, { data: profile() }),
      [`GET /users/${GRACE}/content`]: () => jsonResponse(200, { data: [makeContent()], pagination: pagination(1) }),
    });
    renderAt('/u/grace');
    expect(await screen.findByText('Foggy harbour')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download all my content' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload' })).not.toBeInTheDocument();
  });

  it('keeps a private profile to name and avatar', async () => {
    mockServer({
      'GET /users/profile/grace': () =>
        jsonResponse(200, { data: profile({ isPrivate: true, bio: null, website: null, location: null }) }),
    });
    renderAt('/u/grace', false);
    expect(await screen.findByText('This profile is private')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Profile stats')).not.toBeInTheDocument();
  });

  it('says so when no one has that username', async () => {
    mockServer({ 'GET /users/profile/nobody': () => errorResponse(404, 'User not found') });
    renderAt('/u/nobody');
    expect(await screen.findByText('No one by that name')).toBeInTheDocument();
  });
});
