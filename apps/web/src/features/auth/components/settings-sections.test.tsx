import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import {
  errorResponse,
  jsonResponse,
  mockServer,
  renderWithStore,
  signedInState,
} from '../../../testing/render-with-store';
import { DeleteAccountSection } from './delete-account-section';
import { ProfileEditor } from './profile-editor';
import { makeUser } from '../../../testing/render-with-store';

afterEach(() => vi.unstubAllGlobals());

describe('Delete account', () => {
  it('asks for the password, shows a wrong one, then signs out on success', async () => {
    let attempts = 0;
    const server = mockServer({
      'DELETE /users/account': () => {
        attempts += 1;
        return attempts === 1
          ? errorResponse(400, 'Incorrect password')
          : jsonResponse(200, { data: null, message: 'Your account has been deleted' });
      },
    });
    const { user, store } = renderWithStore(<DeleteAccountSection />, { preloadedState: signedInState() });
    await user.click(screen.getByRole('button', { name: 'Delete account…' }));
    await user.type(screen.getByLabelText('Your password'), 'Wrong1pass');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Incorrect password')).toBeInTheDocument();
    expect(store.getState().auth.isAuthenticated).toBe(true);

    await user.clear(screen.getByLabelText('Your password'));
    await user.type(screen.getByLabelText('Your password'), 'Right1pass');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Your account has been deleted')).toBeInTheDocument();
    expect(store.getState().auth.isAuthenticated).toBe(false);
    expect(server.callsTo('DELETE', '/users/account').map((c) => c.body)).toEqual([
      { password: 'Wrong1pass' },
      { password: 'Right1pass' },
    ]);
  });

  it('falls back to the spec text when the server gives no message', async () => {
    mockServer({ 'DELETE /users/account': () => errorResponse(500) });
    const { user } = renderWithStore(<DeleteAccountSection />, { preloadedState: signedInState() });
    await user.click(screen.getByRole('button', { name: 'Delete account…' }));
    await user.type(screen.getByLabelText('Your password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Failed to delete account')).toBeInTheDocument();
  });
});

describe('Profile editor', () => {
  it('saves the fields and merges the returned user into the signed-in user', async () => {
    const me = makeUser();
    const server = mockServer({
      'PATCH /users/profile': (call) =>
        jsonResponse(200, { data: { user: { ...me, ...(call.body as object) } }, message: 'Profile updated' }),
    });
    const { user, store } = renderWithStore(<ProfileEditor user={me} />, { preloadedState: signedInState(me) });
    await user.type(screen.getByLabelText('Bio'), 'Engines and poems');
    await user.type(screen.getByLabelText('Location'), 'London');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(server.callsTo('PATCH', '/users/profile')[0]?.body).toMatchObject({
      bio: 'Engines and poems',
      location: 'London',
      username: 'ada',
    });
    expect(store.getState().auth.user).toMatchObject({ bio: 'Engines and poems', location: 'London' });
  });

  it('shows "Failed to update profile" when the server gives no message', async () => {
    mockServer({ 'PATCH /users/profile': () => errorResponse(500) });
    const { user } = renderWithStore(<ProfileEditor user={makeUser()} />, { preloadedState: signedInState() });
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Failed to update profile')).toBeInTheDocument();
  });
});

describe('Profile visibility', () => {
  it('makes the profile private through PATCH /users/settings', async () => {
    const me = makeUser();
    const server = mockServer({
      'PATCH /users/settings': () =>
        jsonResponse(200, {
          data: {
            settings: { emailNotifications: true, marketingEmails: false, profileVisibility: 'private', theme: null },
          },
          message: 'ok',
        }),
    });
    const state = signedInState(me);
    const auth = {
      ...(state.auth as NonNullable<typeof state.auth>),
      userSettings: {
        emailNotifications: true,
        marketingEmails: false,
        profileVisibility: 'public' as const,
        theme: null,
        showMature: false,
      },
    };
    const { user, store } = renderWithStore(<ProfileEditor user={me} />, { preloadedState: { ...state, auth } });
    await user.click(screen.getByRole('checkbox', { name: /Private profile/ }));
    expect(await screen.findByText('Your profile is now private')).toBeInTheDocument();
    expect(server.callsTo('PATCH', '/users/settings')[0]?.body).toEqual({ profileVisibility: 'private' });
    expect(store.getState().auth.userSettings?.profileVisibility).toBe('private');
    expect(screen.getByRole('checkbox', { name: /Private profile/ })).toBeChecked();
  });
});
