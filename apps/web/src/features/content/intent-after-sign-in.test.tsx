import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { jsonResponse, makeUser, mockServer, renderWithStore } from '../../testing/render-with-store';
import { makeContent, renderGeneration } from '../../testing/generation-test-utils';
import { uiActions } from '../ui';
import { signedIn } from '../auth';
import { LikeButton } from './components/like-button';
import { ContentEngagement } from './components/content-engagement';

afterEach(() => {
  vi.unstubAllGlobals();
});

const noComments = () =>
  jsonResponse(200, { data: [], pagination: { page: 1, pageSize: 10, total: 0, totalPages: 0 } });

describe('what a visitor starts on an item is carried through signing in', () => {
  it('"Use these settings" asks a visitor to sign up on the way to a dialog holding the item’s settings', async () => {
    const item = makeContent({
      contentType: 'illustration',
      model: 'stable-diffusion-xl',
      prompt: 'A fox under a mushroom',
      generation: { seed: 4242, strength: 30, aspectRatio: '3:4', negativePrompt: 'blur', referenceImageUrl: null },
    });
    mockServer({ 'GET /content/c-1': () => jsonResponse(200, { data: item }) });
    const { user, store } = renderGeneration({ path: '/content/c-1', user: null });
    await user.click(await screen.findByRole('button', { name: 'Use these settings' }));
    expect(store.getState().ui.modelDialog.isOpen).toBe(false);
    expect(store.getState().ui.authModal).toEqual({
      isOpen: true,
      mode: 'signup',
      intent: {
        kind: 'generate',
        contentType: 'illustration',
        prefill: {
          selectedModel: 'stable-diffusion-xl',
          prompt: 'A fox under a mushroom',
          preset: { seed: 4242, strength: 30, aspectRatio: '3:4', negativePrompt: 'blur', referenceImageUrl: null },
        },
      },
    });
  });

  it('applies a like pressed while signed out once the visitor has signed in', async () => {
    const server = mockServer({
      'POST /content/c-1/like': () => jsonResponse(200, { data: { likeCount: 4, isLiked: true } }),
    });
    const item = makeContent({ likeCount: 3, isLiked: false });
    const { user, store } = renderWithStore(<LikeButton content={item} />);
    await user.click(screen.getByRole('button', { name: /^Like/ }));
    expect(store.getState().ui.authModal).toMatchObject({ isOpen: true, intent: { kind: 'like', contentId: 'c-1' } });
    expect(server.calls).toHaveLength(0);

    store.dispatch(signedIn(makeUser()));
    store.dispatch(uiActions.intentResumed({ kind: 'like', contentId: 'c-1' }));
    await waitFor(() => expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /content/c-1/like']));
    expect(store.getState().ui.resumedIntent).toBeNull();
  });

  it('does not undo a like the account had already given', async () => {
    const server = mockServer({});
    const { store } = renderWithStore(<LikeButton content={makeContent({ isLiked: true, likeCount: 3 })} />);
    store.dispatch(signedIn(makeUser()));
    store.dispatch(uiActions.intentResumed({ kind: 'like', contentId: 'c-1' }));
    await waitFor(() => expect(store.getState().ui.resumedIntent).toBeNull());
    expect(server.calls).toHaveLength(0);
  });

  it('puts a comment written while signed out back into its box after signing in', async () => {
    mockServer({ 'GET /content/c-1/comments': noComments });
    const item = makeContent();
    const { user, store, unmount } = renderWithStore(<ContentEngagement content={item} />);
    await user.type(screen.getByRole('textbox', { name: 'Add a comment' }), 'Lovely light');
    await user.click(screen.getByRole('button', { name: 'Sign in to comment' }));
    expect(store.getState().ui.authModal).toMatchObject({
      isOpen: true,
      mode: 'login',
      intent: { kind: 'draft', key: 'comment:c-1', text: 'Lovely light' },
    });
    unmount();

    // Signing in reloads the item; the page comes back with the draft in the box.
    mockServer({ 'GET /content/c-1/comments': noComments });
    const again = renderWithStore(<ContentEngagement content={item} />);
    again.store.dispatch(signedIn(makeUser()));
    again.store.dispatch(uiActions.intentResumed({ kind: 'draft', key: 'comment:c-1', text: 'Lovely light' }));
    expect(await screen.findByRole('textbox', { name: 'Add a comment' })).toHaveValue('Lovely light');
    expect(screen.getByRole('button', { name: 'Post comment' })).toBeEnabled();
  });
});

describe('content page: what it was made with, under the picture', () => {
  it('shows the prompt, model and settings with Copy and "Use these settings" in one block', async () => {
    const item = makeContent({
      contentType: 'illustration',
      model: 'stable-diffusion-xl',
      prompt: 'A fox under a mushroom',
      generation: { seed: 4242, strength: 30, aspectRatio: '3:4', negativePrompt: 'blur', referenceImageUrl: null },
    });
    mockServer({
      'GET /content/c-1': () => jsonResponse(200, { data: item }),
      'GET /content/c-1/comments': noComments,
    });
    const { user } = renderGeneration({ path: '/content/c-1', user: null });
    const details = await screen.findByRole('region', { name: 'Details' });
    const text = details.textContent ?? '';
    for (const shown of ['A fox under a mushroom', 'Stable Diffusion XL', '4242', '30', '3:4', 'blur'])
      expect(text).toContain(shown);
    expect(within(details).getByRole('button', { name: 'Use these settings' })).toBeInTheDocument();
    // The block comes before the likes and comments in the page (a phone shows it in that order).
    const comments = screen.getByRole('region', { name: 'Likes and comments' });
    expect(details.compareDocumentPosition(comments) & Node.DOCUMENT_POSITION_PRECEDING).toBe(0);

    await user.click(within(details).getByRole('button', { name: 'Copy prompt' }));
    // user-event stands in for the clipboard.
    expect(await navigator.clipboard.readText()).toBe('A fox under a mushroom');
    expect(within(details).getByRole('button', { name: 'Copy prompt' })).toHaveTextContent('Copied');
  });
});
