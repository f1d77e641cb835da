import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { AuthModal } from './auth-modal';
import { AuthControls } from './auth-controls';
import { uiActions, type GeneratePrefill } from '../../ui';
import { jsonResponse, makeUser, mockServer, renderWithStore } from '../../../testing/render-with-store';

const config = () => jsonResponse(200, { data: { googleClientId: null, facebookAppId: null, signupCredits: 50 } });
const grace = makeUser({ name: 'Grace', username: 'grace', email: 'grace@example.com' });
const tokens = () => jsonResponse(200, { data: { accessToken: 'a', refreshToken: 'r', user: grace } });

const prefill: GeneratePrefill = {
  selectedModel: 'flux-pro',
  prompt: 'A lighthouse in a storm, oil painting',
  preset: { seed: 42, strength: 0.6, aspectRatio: '16:9', negativePrompt: 'people', referenceImageUrl: null },
};

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

async function signUp(user: ReturnType<typeof renderWithStore>['user']) {
  const dialog = await screen.findByRole('dialog', { name: 'Create Account' });
  await user.type(within(dialog).getByLabelText(/full name/i), 'Grace Hopper');
  await user.type(within(dialog).getByLabelText(/username/i), 'grace');
  await user.type(within(dialog).getByLabelText(/^email/i), 'grace@example.com');
  await user.type(within(dialog).getByLabelText(/^password/i), 'Compiler1');
  await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));
}

describe('what a visitor started is carried through signing up and in', () => {
  it('opens the Generate dialog holding the item’s prompt, model and settings after signing up', async () => {
    mockServer({ 'GET /config': config, 'POST /auth/register': tokens });
    const { user, store } = renderWithStore(<AuthModal />);
    store.dispatch(
      uiActions.authModalOpenedFor({ mode: 'signup', intent: { kind: 'generate', contentType: 'photo', prefill } }),
    );
    await signUp(user);
    await waitFor(() =>
      expect(store.getState().ui.modelDialog).toEqual({
        isOpen: true,
        contentType: 'photo',
        selectedModel: 'flux-pro',
        prompt: 'A lighthouse in a storm, oil painting',
        preset: prefill.preset,
      }),
    );
  });

  it('hands a like pressed while signed out to its button after signing in', async () => {
    mockServer({ 'GET /config': config, 'POST /auth/login': tokens });
    const { user, store } = renderWithStore(<AuthModal />);
    store.dispatch(uiActions.authModalOpenedFor({ mode: 'login', intent: { kind: 'like', contentId: 'c-9' } }));
    await user.type(await screen.findByLabelText(/email or username/i), 'grace');
    await user.type(screen.getByLabelText(/^password/i), 'Compiler1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(store.getState().ui.resumedIntent).toEqual({ kind: 'like', contentId: 'c-9' }));
    expect(store.getState().ui.modelDialog.isOpen).toBe(false);
  });

  it('keeps the intent in this tab, so a reload while signing up does not lose it', async () => {
    mockServer({ 'GET /config': config, 'POST /auth/register': tokens });
    const first = renderWithStore(<AuthModal />);
    first.store.dispatch(
      uiActions.authModalOpenedFor({ mode: 'signup', intent: { kind: 'generate', contentType: 'photo', prefill } }),
    );
    await screen.findByRole('dialog', { name: 'Create Account' });
    first.unmount();

    // The page came back without the modal's state; the person signs up from the header.
    const { user, store } = renderWithStore(
      <>
        <AuthControls />
        <AuthModal />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await signUp(user);
    await waitFor(() =>
      expect(store.getState().ui.modelDialog).toMatchObject({
        isOpen: true,
        prompt: prefill.prompt,
        selectedModel: 'flux-pro',
      }),
    );
  });

  it('gives the intent up when the visitor closes the dialog', async () => {
    mockServer({ 'GET /config': config, 'POST /auth/login': tokens });
    const { user, store } = renderWithStore(<AuthModal />);
    store.dispatch(uiActions.authModalOpenedFor({ mode: 'login', intent: { kind: 'follow', userId: 'u-2' } }));
    await user.click(await screen.findByRole('button', { name: 'Close dialog' }));
    store.dispatch(uiActions.authModalOpened('login'));
    await user.type(await screen.findByLabelText(/email or username/i), 'grace');
    await user.type(screen.getByLabelText(/^password/i), 'Compiler1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(store.getState().auth.isAuthenticated).toBe(true));
    expect(store.getState().ui.resumedIntent ?? null).toBeNull();
  });
});
