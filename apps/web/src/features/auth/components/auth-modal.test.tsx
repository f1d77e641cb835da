import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { AuthModal } from './auth-modal';
import { AuthControls } from './auth-controls';
import { ThemeSync } from '../../theme';
import { uiActions } from '../../ui';
import { authErrorSet } from '../auth-slice';
import { resetSocialSdkState } from '../social-sdk';
import { errorResponse, jsonResponse, makeUser, mockServer, renderWithStore } from '../../../testing/render-with-store';

const config =
  (overrides: Record<string, unknown> = {}) =>
  () =>
    jsonResponse(200, { data: { googleClientId: null, facebookAppId: null, signupCredits: 50, ...overrides } });

function renderModal(mode: 'login' | 'signup' | 'forgotPassword' = 'login') {
  const view = renderWithStore(
    <>
      <AuthControls />
      <AuthModal />
    </>,
  );
  view.store.dispatch(uiActions.authModalOpened(mode));
  return view;
}

beforeEach(() => {
  resetSocialSdkState();
});

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.google;
});

describe('auth modal', () => {
  it('shows the login, signup and reset modes with their titles and fields', async () => {
    mockServer({ 'GET /config': config() });
    const { user } = renderModal('login');

    const dialog = await screen.findByRole('dialog', { name: 'Welcome Back' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByLabelText(/email or username/i)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^password/i)).toHaveAttribute('type', 'password');
    expect(within(dialog).getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Forgot password?' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Continue with Facebook' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    const signup = screen.getByRole('dialog', { name: 'Create Account' });
    for (const label of [/full name/i, /username/i, /^email/i, /^password/i]) {
      expect(within(signup).getByLabelText(label)).toBeInTheDocument();
    }

    await user.click(within(signup).getByRole('button', { name: 'Sign in' }));
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    const reset = screen.getByRole('dialog', { name: 'Reset Password' });
    expect(within(reset).getByLabelText(/^email/i)).toHaveAttribute('type', 'email');
    expect(within(reset).getByRole('button', { name: 'Send Reset Link' })).toBeInTheDocument();
  });

  it('shows and hides the password', async () => {
    mockServer({ 'GET /config': config() });
    const { user } = renderModal('login');
    const password = await screen.findByLabelText(/^password/i);
    await user.type(password, 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('clears the error when the mode changes', async () => {
    mockServer({ 'GET /config': config(), 'POST /auth/login': () => errorResponse(401, 'Invalid email or password') });
    const { user, store } = renderModal('login');
    await user.type(await screen.findByLabelText(/email or username/i), 'ada@example.com');
    await user.type(screen.getByLabelText(/^password/i), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();

    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sign up' }));
    expect(screen.getByRole('dialog', { name: 'Create Account' })).toBeInTheDocument();
    expect(screen.queryByText('Invalid email or password')).not.toBeInTheDocument();
    expect(store.getState().auth.error).toBeNull();

    store.dispatch(authErrorSet('Registration failed'));
    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('dialog', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.queryByText('Registration failed')).not.toBeInTheDocument();

    store.dispatch(authErrorSet('Login failed'));
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByRole('dialog', { name: 'Reset Password' })).toBeInTheDocument();
    expect(screen.queryByText('Login failed')).not.toBeInTheDocument();
  });

  it('signs in: stores both tokens, closes, greets and shows the user with credits in the header', async () => {
    const ada = makeUser({ name: 'Ada', credits: 50 });
    const server = mockServer({
      'GET /config': config(),
      'POST /auth/login': () =>
        jsonResponse(200, { data: { accessToken: 'access-1', refreshToken: 'refresh-1', user: ada } }),
    });
    const { user, store } = renderModal('login');

    await user.type(await screen.findByLabelText(/email or username/i), 'Ada@Example.com');
    await user.type(screen.getByLabelText(/^password/i), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.callsTo('POST', '/auth/login')[0]?.body).toEqual({ email: 'ada@example.com', password: 'Secret123' });
    expect(localStorage.getItem('accessToken')).toBe('access-1');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
    expect(store.getState().auth).toMatchObject({ isAuthenticated: true, user: ada });
    expect(await screen.findByText('Welcome back, Ada!')).toBeInTheDocument();

    // The account menu's own button (its chunk may still be on its way; a look-alike holds its place).
    const menuButton = await screen.findByRole('button', { name: /Ada/, expanded: false });
    expect(menuButton).toHaveTextContent('50 credits');
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it("applies the account's saved theme when signing in on a new device", async () => {
    localStorage.setItem('app-theme', 'dark');
    const ada = makeUser({ name: 'Ada' });
    mockServer({
      'GET /config': config(),
      'POST /auth/login': () => jsonResponse(200, { data: { accessToken: 'a', refreshToken: 'r', user: ada } }),
      'GET /users/me': () =>
        jsonResponse(200, {
          data: {
            user: ada,
            settings: {
              emailNotifications: true,
              marketingEmails: false,
              profileVisibility: 'public',
              theme: 'forest',
            },
          },
        }),
    });
    const { user, store } = renderWithStore(
      <>
        <ThemeSync />
        <AuthControls />
        <AuthModal />
      </>,
      { preloadedState: { theme: { theme: 'dark' } } },
    );
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.type(await screen.findByLabelText(/email or username/i), 'ada@example.com');
    await user.type(screen.getByLabelText(/^password/i), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(document.documentElement).toHaveAttribute('data-theme', 'forest'));
    expect(store.getState().theme.theme).toBe('forest');
    expect(localStorage.getItem('app-theme')).toBe('forest');
  });

  it("shows the server's message when sign-in fails, else the spec's default", async () => {
    let reply = errorResponse(401, 'Invalid email or password');
    mockServer({ 'GET /config': config(), 'POST /auth/login': () => reply });
    const { user } = renderModal('login');

    await user.type(await screen.findByLabelText(/email or username/i), 'ada@example.com');
    await user.type(screen.getByLabelText(/^password/i), 'nope');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(screen.getByRole('dialog', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(localStorage.getItem('accessToken')).toBeNull();

    reply = new Response('upstream exploded', { status: 502 });
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Login failed'));
  });

  it('requires email and password before calling the server', async () => {
    const server = mockServer({ 'GET /config': config() });
    const { user } = renderModal('login');
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(server.callsTo('POST', '/auth/login')).toHaveLength(0);
  });

  it("shows signup's required fields and the spec's password rules in order", async () => {
    const server = mockServer({ 'GET /config': config() });
    const { user } = renderModal('signup');
    await user.click(await screen.findByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('Username must be at least 3 characters long')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters long')).toBeInTheDocument();

    const password = screen.getByLabelText(/^password/i);
    const steps: [string, string][] = [
      ['abcdefgh', 'Password must contain at least one uppercase letter'],
      ['ABCDEFGH', 'Password must contain at least one lowercase letter'],
      ['Abcdefgh', 'Password must contain at least one number'],
    ];
    for (const [value, message] of steps) {
      await user.clear(password);
      await user.type(password, value);
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await user.clear(password);
    await user.type(password, 'Abcdefg1');
    await waitFor(() => expect(screen.queryByText(/Password must/)).not.toBeInTheDocument());
    expect(server.callsTo('POST', '/auth/register')).toHaveLength(0);
  });

  it('creates an account and welcomes the new user', async () => {
    const grace = makeUser({ name: 'Grace', username: 'grace', email: 'grace@example.com' });
    const server = mockServer({
      'GET /config': config(),
      'POST /auth/register': () => jsonResponse(201, { data: { accessToken: 'a2', refreshToken: 'r2', user: grace } }),
    });
    const { user } = renderModal('signup');
    await user.type(await screen.findByLabelText(/full name/i), 'Grace Hopper');
    await user.type(screen.getByLabelText(/username/i), 'grace');
    await user.type(screen.getByLabelText(/^email/i), 'grace@example.com');
    await user.type(screen.getByLabelText(/^password/i), 'Compiler1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Welcome to Atelier, Grace!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.callsTo('POST', '/auth/register')[0]?.body).toEqual({
      fullName: 'Grace Hopper',
      username: 'grace',
      email: 'grace@example.com',
      password: 'Compiler1',
    });
    expect(localStorage.getItem('refreshToken')).toBe('r2');
  });

  it('opens the Generate dialog after a visitor on their way to create signs up', async () => {
    const grace = makeUser({ name: 'Grace', username: 'grace', email: 'grace@example.com' });
    mockServer({
      'GET /config': config(),
      'POST /auth/register': () => jsonResponse(201, { data: { accessToken: 'a2', refreshToken: 'r2', user: grace } }),
    });
    const { user, store } = renderWithStore(<AuthModal />);
    store.dispatch(
      uiActions.authModalOpenedFor({ mode: 'signup', intent: { kind: 'generate', contentType: 'video' } }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Create Account' });
    // A visitor who already has an account is one click from signing in.
    expect(within(dialog).getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/full name/i), 'Grace Hopper');
    await user.type(within(dialog).getByLabelText(/username/i), 'grace');
    await user.type(within(dialog).getByLabelText(/^email/i), 'grace@example.com');
    await user.type(within(dialog).getByLabelText(/^password/i), 'Compiler1');
    await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));

    await waitFor(() => expect(store.getState().ui.modelDialog).toMatchObject({ isOpen: true, contentType: 'video' }));
    expect(store.getState().ui.authModal).toMatchObject({ isOpen: false, intent: null });
  });

  it('forgets where the visitor was headed when they close the dialog instead', async () => {
    mockServer({ 'GET /config': config() });
    const { user, store } = renderWithStore(<AuthModal />);
    store.dispatch(
      uiActions.authModalOpenedFor({ mode: 'signup', intent: { kind: 'generate', contentType: 'photo' } }),
    );
    await user.click(await screen.findByRole('button', { name: 'Close dialog' }));
    expect(store.getState().ui.authModal.intent).toBeNull();
    expect(store.getState().ui.modelDialog.isOpen).toBe(false);
  });

  it('gives focus back to the button that opened it, or to the account menu that replaced it', async () => {
    const ada = makeUser({ name: 'Ada' });
    mockServer({
      'GET /config': config(),
      'POST /auth/login': () =>
        jsonResponse(200, { data: { accessToken: 'access-1', refreshToken: 'refresh-1', user: ada } }),
    });
    const { user } = renderWithStore(
      <>
        <AuthControls />
        <AuthModal />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Sign in' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.type(await screen.findByLabelText(/email or username/i), 'ada@example.com');
    await user.type(screen.getByLabelText(/^password/i), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: /Ada/, expanded: false })).toHaveFocus());
  });

  it('sends the referral code from a ?ref= link, and lets people type one', async () => {
    window.history.pushState({}, '', '/?ref=FRIEND42');
    const server = mockServer({
      'GET /config': config(),
      'POST /auth/register': () => errorResponse(400, 'Invalid referral code'),
    });
    const { user } = renderModal('signup');
    expect(await screen.findByLabelText(/referral code/i)).toHaveValue('FRIEND42');
    await user.type(screen.getByLabelText(/full name/i), 'Grace Hopper');
    await user.type(screen.getByLabelText(/username/i), 'grace');
    await user.type(screen.getByLabelText(/^email/i), 'grace@example.com');
    await user.type(screen.getByLabelText(/^password/i), 'Compiler1');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Invalid referral code')).toBeInTheDocument();
    expect(server.callsTo('POST', '/auth/register')[0]?.body).toMatchObject({ referralCode: 'FRIEND42' });
    window.history.pushState({}, '', '/');
  });

  it('hides the referral field until asked for when the link has no code', async () => {
    mockServer({ 'GET /config': config() });
    const { user } = renderModal('signup');
    expect(screen.queryByLabelText(/referral code/i)).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Have a referral code?' }));
    expect(screen.getByLabelText(/referral code/i)).toHaveValue('');
  });

  it('locks page scroll while open and restores it on close', async () => {
    mockServer({ 'GET /config': config() });
    document.body.style.overflow = 'auto';
    const { user } = renderModal('login');
    await screen.findByRole('dialog');
    expect(document.body.style.overflow).toBe('hidden');

    await user.click(screen.getByRole('button', { name: /close/i }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('auto');
    document.body.style.overflow = '';
  });

  it('closes on Escape and on a backdrop click, not on a click inside', async () => {
    mockServer({ 'GET /config': config() });
    const { user, store } = renderModal('login');
    const dialog = await screen.findByRole('dialog');

    await user.click(within(dialog).getByRole('heading', { name: 'Welcome Back' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    store.dispatch(uiActions.authModalOpened('signup'));
    const reopened = await screen.findByRole('dialog', { name: 'Create Account' });
    await user.click(reopened.parentElement!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps keyboard focus inside the dialog', async () => {
    mockServer({ 'GET /config': config() });
    const { user } = renderModal('login');
    const dialog = await screen.findByRole('dialog');
    expect(screen.getByLabelText(/email or username/i)).toHaveFocus();
    for (let i = 0; i < 15; i++) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.tab({ shift: true });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('explains that a provider is not configured instead of closing', async () => {
    mockServer({ 'GET /config': config() });
    const { user, store } = renderModal('login');
    const google = await screen.findByRole('button', { name: 'Continue with Google' });
    await waitFor(() => expect(store.getState().api.queries['getPublicConfig(undefined)']?.status).toBe('fulfilled'));

    // Until the buttons have drawn with the config (a moment after it is in the store, on a busy
    // machine), a click says to try again in a moment; so the test does, as a person would.
    await waitFor(async () => {
      await user.click(google);
      expect(screen.getByText("Google sign-in isn't set up on this server yet")).toBeInTheDocument();
    });
    await user.click(screen.getByRole('button', { name: 'Continue with Facebook' }));
    expect(await screen.findByText("Facebook sign-in isn't set up on this server yet")).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('signs in with Google when it is configured', async () => {
    let credentialCallback: ((r: { credential?: string }) => void) | undefined;
    const initialize = vi.fn((options: { client_id: string; callback: (r: { credential?: string }) => void }) => {
      credentialCallback = options.callback;
    });
    window.google = {
      accounts: { id: { initialize, prompt: vi.fn(), renderButton: vi.fn() } },
    };
    const ada = makeUser();
    const server = mockServer({
      'GET /config': config({ googleClientId: 'client-123.apps.googleusercontent.com' }),
      'POST /auth/google': () => jsonResponse(200, { data: { accessToken: 'ga', refreshToken: 'gr', user: ada } }),
    });
    const { user, store } = renderModal('login');
    await waitFor(() => expect(store.getState().api.queries['getPublicConfig(undefined)']?.status).toBe('fulfilled'));
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));

    await waitFor(() => expect(initialize).toHaveBeenCalled());
    expect(initialize.mock.calls[0]?.[0].client_id).toBe('client-123.apps.googleusercontent.com');
    credentialCallback?.({ credential: 'google-id-token' });

    expect(await screen.findByText('Welcome back, Ada!')).toBeInTheDocument();
    expect(server.callsTo('POST', '/auth/google')[0]?.body).toEqual({ idToken: 'google-id-token' });
    expect(localStorage.getItem('accessToken')).toBe('ga');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the server's message when Google sign-in is refused", async () => {
    let credentialCallback: ((r: { credential?: string }) => void) | undefined;
    window.google = {
      accounts: {
        id: {
          initialize: (options) => {
            credentialCallback = options.callback;
          },
          prompt: vi.fn(),
          renderButton: vi.fn(),
        },
      },
    };
    mockServer({
      'GET /config': config({ googleClientId: 'client-9' }),
      'POST /auth/google': () => errorResponse(401, 'Google could not confirm who you are'),
    });
    const { user, store } = renderModal('login');
    await waitFor(() => expect(store.getState().api.queries['getPublicConfig(undefined)']?.status).toBe('fulfilled'));
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(credentialCallback).toBeDefined());
    credentialCallback?.({ credential: 'bad' });
    expect(await screen.findByText('Google could not confirm who you are')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
