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

  it('accepts a bare website address and saves it with https://', async () => {
    const me = makeUser();
    const server = mockServer({
      'PATCH /users/profile': (call) =>
        jsonResponse(200, { data: { user: { ...me, ...(call.body as object) } }, message: 'Profile updated' }),
    });
    const { user, store } = renderWithStore(<ProfileEditor user={me} />, { preloadedState: signedInState(me) });
    await user.type(screen.getByLabelText('Website'), 'alice.example.com');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(server.callsTo('PATCH', '/users/profile')[0]?.body).toMatchObject({ website: 'https://alice.example.com' });
    expect(screen.getByLabelText('Website')).toHaveValue('https://alice.example.com');
    expect(store.getState().auth.user).toMatchObject({ website: 'https://alice.example.com' });
  });

  it('saves the other fields when the website is not an address, and marks the website', async () => {
    const me = makeUser();
    const server = mockServer({
      'PATCH /users/profile': (call) =>
        jsonResponse(200, { data: { user: { ...me, ...(call.body as object) } }, message: 'Profile updated' }),
    });
    const { user, store } = renderWithStore(<ProfileEditor user={me} />, { preloadedState: signedInState(me) });
    await user.type(screen.getByLabelText('Bio'), 'Engines and poems');
    await user.type(screen.getByLabelText('Website'), 'my site');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(
      (await screen.findAllByText('Your other changes are saved. Fix the marked field to save it too.')).length,
    ).toBeGreaterThan(0);
    const body = server.callsTo('PATCH', '/users/profile')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ bio: 'Engines and poems' });
    expect(body).not.toHaveProperty('website');
    expect(screen.getByText('Enter a website address like alice.example.com')).toBeInTheDocument();
    expect(screen.getByLabelText('Website')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Website')).toHaveValue('my site');
    expect(store.getState().auth.user).toMatchObject({ bio: 'Engines and poems' });
  });

  it('saves the rest when the server refuses one field (a taken username)', async () => {
    const me = makeUser();
    const server = mockServer({
      'PATCH /users/profile': (call) =>
        (call.body as { username?: string }).username === 'taken'
          ? errorResponse(409, 'This username is already taken')
          : jsonResponse(200, { data: { user: { ...me, ...(call.body as object) } }, message: 'Profile updated' }),
    });
    const { user } = renderWithStore(<ProfileEditor user={me} />, { preloadedState: signedInState(me) });
    await user.clear(screen.getByLabelText(/^Username/));
    await user.type(screen.getByLabelText(/^Username/), 'taken');
    await user.type(screen.getByLabelText('Location'), 'London');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('This username is already taken')).toBeInTheDocument();
    const calls = server.callsTo('PATCH', '/users/profile');
    expect(calls).toHaveLength(2);
    expect(calls[1]?.body).toMatchObject({ location: 'London' });
    expect(calls[1]?.body).not.toHaveProperty('username');
    expect(
      screen.getAllByText('Your other changes are saved. Fix the marked field to save it too.').length,
    ).toBeGreaterThan(0);
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
