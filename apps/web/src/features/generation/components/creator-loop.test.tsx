import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { uiActions } from '../../ui';
import { json, makeContent, mockServer, renderGeneration, testUser } from '../../../testing/generation-test-utils';

afterEach(() => {
  vi.unstubAllGlobals();
});

const other = { id: 'u-2', username: 'bob', fullName: 'Bob Builder', avatar: null };
const promptBox = () => screen.getByRole('textbox', { name: 'Prompt' });
const generateButton = () => screen.getByRole('button', { name: /^Generate .* credits$|^Generating\.\.\.$/ });

async function openDialog(
  store: ReturnType<typeof renderGeneration>['store'],
  contentType: 'photo' | 'illustration' | 'vector',
  selectedModel?: string,
) {
  act(() => {
    store.dispatch(uiActions.modelDialogOpened({ contentType, selectedModel }));
  });
  await screen.findByRole('dialog', { name: /generate/i });
  await waitFor(() => expect(promptBox()).toHaveFocus());
}

describe('Generate dialog: candidates and settings', () => {
  it(
    'makes up to four candidates, shows their total on the button and sends shape, seed, negative prompt and tags',
    { timeout: 20_000 },
    async () => {
      const first = makeContent({ id: 'c-1', status: 'queued', progress: 0, cost: 5, charged: 5, batchId: 'b-1' });
      const { calls } = mockServer({
        'POST /content/generate': () =>
          json(201, { data: { ...first, batch: { id: 'b-1', itemIds: ['c-1', 'c-2', 'c-3', 'c-4'] } } }),
        'GET /content/c-1': () => json(200, { data: first }),
        'GET /content/batches/b-1': () => json(200, { data: { id: 'b-1', items: [first] } }),
      });
      const { store, router, user } = renderGeneration({ user: { ...testUser, credits: 30 } });
      await openDialog(store, 'illustration');
      fireEvent.change(promptBox(), { target: { value: 'A storybook fox' } });
      await user.click(screen.getByRole('radio', { name: '4 candidates' }));
      expect(generateButton()).toHaveTextContent('Generate 4 × Illustration · 20 credits');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Shape' }), '16:9');
      await user.click(screen.getByRole('button', { name: 'Advanced settings' }));
      fireEvent.change(screen.getByRole('textbox', { name: /Negative prompt/ }), {
        target: { value: 'text, watermark' },
      });
      fireEvent.change(screen.getByRole('textbox', { name: 'Seed' }), { target: { value: '77' } });
      fireEvent.change(screen.getByRole('textbox', { name: /Tags/ }), { target: { value: 'fox, storybook' } });
      await user.click(generateButton());

      await waitFor(() => expect(router.state.location.pathname).toBe('/content/c-1'));
      const post = calls.find((c) => c.path === '/content/generate')!;
      expect(post.body).toEqual({
        prompt: 'A storybook fox',
        contentType: 'illustration',
        model: 'stable-diffusion-xl',
        isPrivate: false,
        strength: 50,
        count: 4,
        aspectRatio: '16:9',
        negativePrompt: 'text, watermark',
        seed: 77,
        tags: ['fox', 'storybook'],
      });
      expect(store.getState().auth.user?.credits).toBe(10);
    },
  );

  it('says what the chosen model does not take instead of sending it', async () => {
    mockServer({});
    const { store, user } = renderGeneration();
    await openDialog(store, 'photo', 'flux-pro');
    await user.click(screen.getByRole('button', { name: 'Advanced settings' }));
    expect(screen.getByRole('textbox', { name: /Negative prompt/ })).toBeDisabled();
    expect(screen.getByText('FLUX Pro does not take a negative prompt')).toBeInTheDocument();
    expect(within(screen.getByRole('combobox', { name: 'Shape' })).getAllByRole('option')).toHaveLength(8);

    await user.click(screen.getByRole('tab', { name: 'Vector' }));
    expect(screen.getByText('Stable Diffusion XL does not take a reference image for Vector')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Reference image/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Video' }));
    const shapes = within(screen.getByRole('combobox', { name: 'Shape' })).getAllByRole('option');
    expect(shapes.map((o) => o.textContent)).toEqual(['Usual (Wide 16:9)', 'Wide 16:9', 'Tall 9:16']);
  });

  it('asks for more credits when the balance covers fewer candidates than chosen', async () => {
    mockServer({});
    const { store, user } = renderGeneration({ user: { ...testUser, credits: 12 } });
    await openDialog(store, 'illustration');
    await user.type(promptBox(), 'A fox');
    expect(generateButton()).toBeEnabled();
    await user.click(screen.getByRole('radio', { name: '3 candidates' }));
    // 3 × 5 = 15 against 12.
    expect(screen.getByRole('button', { name: 'Get 3 more credits' })).toBeEnabled();
    expect(screen.getByText(/Insufficient credits/)).toBeInTheDocument();
  });
});

describe('Content page: reuse, remix and candidates', () => {
  it(
    '"Use these settings" fills the dialog with prompt, model, seed, strength, shape and negative prompt',
    { timeout: 20_000 },
    async () => {
      const item = makeContent({
        contentType: 'illustration',
        model: 'stable-diffusion-xl',
        prompt: 'A fox under a mushroom',
        generation: { seed: 4242, strength: 30, aspectRatio: '3:4', negativePrompt: 'blur', referenceImageUrl: null },
      });
      const { calls } = mockServer({
        'GET /content/c-1': () => json(200, { data: item }),
        'POST /content/generate': () => json(201, { data: makeContent({ id: 'c-9', status: 'queued' }) }),
        'GET /content/c-9': () => json(200, { data: makeContent({ id: 'c-9', status: 'queued' }) }),
      });
      const { user, router } = renderGeneration({ path: '/content/c-1' });
      await user.click(await screen.findByRole('button', { name: 'Use these settings' }));
      await screen.findByRole('dialog', { name: 'Generate Illustration' });
      expect(promptBox()).toHaveValue('A fox under a mushroom');
      expect(screen.getByRole('combobox', { name: 'Shape' })).toHaveValue('3:4');
      expect(screen.getByRole('textbox', { name: 'Seed' })).toHaveValue('4242');
      expect(screen.getByRole('textbox', { name: /Negative prompt/ })).toHaveValue('blur');
      // One change: a new seed.
      fireEvent.change(screen.getByRole('textbox', { name: 'Seed' }), { target: { value: '5' } });
      await user.click(generateButton());
      await waitFor(() => expect(router.state.location.pathname).toBe('/content/c-9'));
      expect(calls.find((c) => c.path === '/content/generate')!.body).toMatchObject({
        prompt: 'A fox under a mushroom',
        model: 'stable-diffusion-xl',
        strength: 30,
        aspectRatio: '3:4',
        negativePrompt: 'blur',
        seed: 5,
      });
    },
  );

  it('brings the reference image along when the viewer owns the item', { timeout: 20_000 }, async () => {
    const item = makeContent({
      model: 'flux-dev',
      generation: {
        seed: 9,
        strength: 70,
        aspectRatio: null,
        negativePrompt: null,
        referenceImageUrl: '/media/c-1/reference.png?sig=x',
      },
    });
    const { calls } = mockServer({
      'GET /content/c-1': () => json(200, { data: item }),
      'GET /media/c-1/reference.png': () =>
        new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'content-type': 'image/png' } }),
      'POST /content/generate': () => json(201, { data: makeContent({ id: 'c-9', status: 'queued' }) }),
      'GET /content/c-9': () => json(200, { data: makeContent({ id: 'c-9', status: 'queued' }) }),
    });
    const { user, router } = renderGeneration({ path: '/content/c-1' });
    await user.click(await screen.findByRole('button', { name: 'Use these settings' }));
    expect(await screen.findByRole('img', { name: 'Reference image preview' })).toBeInTheDocument();
    await user.click(generateButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/content/c-9'));
    const form = calls.find((c) => c.path === '/content/generate')!.body as FormData;
    expect(form.get('referenceImage')).toMatchObject({ type: 'image/png' });
    expect(form.get('seed')).toBe('9');
    expect(form.get('strength')).toBe('70');
  });

  it('lets someone else remix a public item, crediting its creator, and shows the credit on the remix', async () => {
    const source = makeContent({ id: 'c-1', owner: other, contentType: 'illustration', model: 'stable-diffusion-xl' });
    const remix = makeContent({
      id: 'c-5',
      parentId: 'c-1',
      remixOf: { id: 'c-1', title: 'Foggy harbour', owner: other },
    });
    const { calls } = mockServer({
      'GET /content/c-1': () => json(200, { data: source }),
      'POST /content/generate': () => json(201, { data: remix }),
      'GET /content/c-5': () => json(200, { data: remix }),
    });
    const { user, router } = renderGeneration({ path: '/content/c-1' });
    await user.click(await screen.findByRole('button', { name: 'Remix' }));
    expect(await screen.findByText(/Remix of “Foggy harbour” by Bob Builder/)).toBeInTheDocument();
    await user.click(generateButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/content/c-5'));
    expect(calls.find((c) => c.path === '/content/generate')!.body).toMatchObject({ remixOf: 'c-1' });
    expect(await screen.findByRole('link', { name: 'Foggy harbour' })).toHaveAttribute('href', '/content/c-1');
    expect(screen.getByText(/Remix of/).textContent).toBe('Remix of Foggy harbour by Bob Builder');
    // A remix is not an edit of the source: its details do not call it one.
    expect(screen.queryByText('Edited from')).not.toBeInTheDocument();
  });

  it('lists an item’s remixes', async () => {
    const item = makeContent({ id: 'c-1', remixCount: 1 });
    const remix = makeContent({ id: 'c-5', title: 'Night harbour', owner: other });
    mockServer({
      'GET /content/c-1': () => json(200, { data: item }),
      'GET /content/c-1/remixes': () =>
        json(200, { data: [remix], pagination: { page: 1, pageSize: 12, total: 1, totalPages: 1 } }),
    });
    renderGeneration({ path: '/content/c-1' });
    expect(await screen.findByRole('heading', { name: 'Remixes (1)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Night harbour' })).toHaveAttribute('href', '/content/c-5');
  });

  it(
    'shows the owner the candidates of a batch with their own progress, to keep, make private or delete',
    { timeout: 20_000 },
    async () => {
      const items = [
        makeContent({ id: 'c-1', batchId: 'b-1', seed: 10 }),
        makeContent({ id: 'c-2', batchId: 'b-1', seed: 11, status: 'processing', progress: 40, thumbnailUrl: null }),
        makeContent({ id: 'c-3', batchId: 'b-1', seed: 12 }),
      ];
      let batch = items;
      const { calls } = mockServer({
        'GET /content/c-1': () => json(200, { data: items[0] }),
        'GET /content/batches/b-1': () => json(200, { data: { id: 'b-1', items: batch } }),
        'DELETE /content/c-3': () => {
          batch = items.slice(0, 2);
          return json(200, { data: null, message: 'Content deleted' });
        },
        'PUT /content/c-2': () => json(200, { data: { ...items[1], isPrivate: true } }),
      });
      const { user } = renderGeneration({ path: '/content/c-1' });
      expect(await screen.findByRole('heading', { name: 'Candidates (2 of 3 finished)' })).toBeInTheDocument();
      const second = screen.getByRole('listitem', { name: 'Candidate 2' });
      expect(within(second).getByRole('progressbar', { name: 'Candidate 2 progress' })).toBeInTheDocument();
      await user.click(within(second).getByRole('checkbox', { name: 'Private' }));
      await waitFor(() =>
        expect(calls.find((c) => c.method === 'PUT' && c.path === '/content/c-2')?.body).toEqual({ isPrivate: true }),
      );

      await user.click(
        within(screen.getByRole('listitem', { name: 'Candidate 3' })).getByRole('button', {
          name: 'Delete candidate 3',
        }),
      );
      await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Candidate 3' })).not.toBeInTheDocument());
      expect(
        within(screen.getByRole('listitem', { name: 'Candidate 1' })).queryByRole('button', { name: /Delete/ }),
      ).not.toBeInTheDocument();
    },
  );
});

describe('Plays that mean something', () => {
  it('counts a GIF when it is opened on its page, once', async () => {
    const gif = makeContent({ id: 'g-1', contentType: 'gif', mediaUrl: '/media/g-1/original.gif', owner: other });
    const { calls } = mockServer({
      'GET /content/g-1': () => json(200, { data: gif }),
      'POST /content/g-1/play': () => json(200, { data: { playCount: 1 } }),
    });
    renderGeneration({ path: '/content/g-1' });
    await screen.findByRole('img', { name: 'Foggy harbour' });
    await waitFor(() => expect(calls.filter((c) => c.path === '/content/g-1/play')).toHaveLength(1));
  });

  it('counts a video only once it has played a second', async () => {
    const video = makeContent({ id: 'v-1', contentType: 'video', mediaUrl: '/media/v-1/original.mp4', owner: other });
    const { calls } = mockServer({
      'GET /content/v-1': () => json(200, { data: video }),
      'POST /content/v-1/play': () => json(200, { data: { playCount: 1 } }),
    });
    renderGeneration({ path: '/content/v-1' });
    await screen.findByRole('heading', { name: 'Foggy harbour' });
    const player = document.querySelector('video')!;
    Object.defineProperty(player, 'currentTime', { value: 0.4, configurable: true });
    fireEvent.timeUpdate(player);
    expect(calls.filter((c) => c.path === '/content/v-1/play')).toHaveLength(0);
    Object.defineProperty(player, 'currentTime', { value: 1.2, configurable: true });
    fireEvent.timeUpdate(player);
    fireEvent.timeUpdate(player);
    await waitFor(() => expect(calls.filter((c) => c.path === '/content/v-1/play')).toHaveLength(1));
  });
});
