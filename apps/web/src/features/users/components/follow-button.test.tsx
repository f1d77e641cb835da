import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import {
  errorResponse,
  jsonResponse,
  makeUser,
  mockServer,
  renderWithStore,
  signedInState,
} from '../../../testing/render-with-store';
import { FollowButton } from './follow-button';
import { uiActions } from '../../ui';
import { signedIn } from '../../auth';

afterEach(() => vi.unstubAllGlobals());

const OTHER = '0b7e9d6a-1111-4a2b-9c3d-222222222222';

describe('FollowButton', () => {
  it('is not shown on yourself', () => {
    const me = makeUser();
    mockServer({});
    renderWithStore(<FollowButton userId={me.id} isFollowing={false} />, { preloadedState: signedInState(me) });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('opens the sign-in modal for a signed-out visitor and calls nothing', async () => {
    const server = mockServer({});
    const { user, store } = renderWithStore(<FollowButton userId={OTHER} isFollowing={false} />);
    await user.click(screen.getByRole('button', { name: 'Follow' }));
    expect(store.getState().ui.authModal).toEqual({
      isOpen: true,
      mode: 'login',
      intent: { kind: 'follow', userId: OTHER },
    });
    expect(server.calls).toHaveLength(0);
  });

  it('applies a follow pressed while signed out once the visitor has signed in', async () => {
    const onChange = vi.fn();
    const server = mockServer({
      [`POST /users/follow/${OTHER}`]: () =>
        jsonResponse(200, { data: { isFollowing: true, followers: 8 }, message: 'ok' }),
    });
    const { user, store } = renderWithStore(
      <>
        <FollowButton userId={OTHER} isFollowing={false} onChange={onChange} />
        <FollowButton userId={OTHER} isFollowing={false} />
      </>,
    );
    await user.click(screen.getAllByRole('button', { name: 'Follow' })[0]!);
    store.dispatch(signedIn(makeUser()));
    store.dispatch(uiActions.intentResumed({ kind: 'follow', userId: OTHER }));
    expect(await screen.findByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
    expect(onChange).toHaveBeenLastCalledWith(true, 8);
    // Once, however many copies of the button the page shows.
    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual([`POST /users/follow/${OTHER}`]);
    expect(store.getState().ui.resumedIntent).toBeNull();
  });

  it('follows, then unfollows, reporting the new follower count', async () => {
    const onChange = vi.fn();
    const server = mockServer({
      [`POST /users/follow/${OTHER}`]: () =>
        jsonResponse(200, { data: { isFollowing: true, followers: 5 }, message: 'ok' }),
      [`DELETE /users/follow/${OTHER}`]: () =>
        jsonResponse(200, { data: { isFollowing: false, followers: 4 }, message: 'ok' }),
    });
    const { user } = renderWithStore(<FollowButton userId={OTHER} isFollowing={false} onChange={onChange} />, {
      preloadedState: signedInState(),
    });
    const button = screen.getByRole('button', { name: 'Follow' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await user.click(button);
    expect(await screen.findByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
    expect(onChange).toHaveBeenLastCalledWith(true, 5);
    await user.click(screen.getByRole('button', { name: 'Following' }));
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith(false, 4);
    expect(server.calls.map((c) => c.method)).toEqual(['POST', 'DELETE']);
  });

  it('keeps the state and says why when following fails', async () => {
    mockServer({ [`POST /users/follow/${OTHER}`]: () => errorResponse(400) });
    const { user } = renderWithStore(<FollowButton userId={OTHER} isFollowing={false} />, {
      preloadedState: signedInState(),
    });
    await user.click(screen.getByRole('button', { name: 'Follow' }));
    expect(await screen.findByText('Failed to follow user')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Follow' })).toBeEnabled());
  });
});
