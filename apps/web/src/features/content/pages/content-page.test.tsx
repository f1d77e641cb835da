import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadSocketClient } from '../../realtime';
import type { FakeSocket } from '../../../testing/fake-socket';
import { json, makeContent, mockServer, renderGeneration, testUser } from '../../../testing/generation-test-utils';

const sockets = vi.hoisted(() => [] as FakeSocket[]);
vi.mock('socket.io-client', async () => {
  const { FakeSocket } = await import('../../../testing/fake-socket');
  return {
    io: (options: Record<string, unknown>) => {
      const socket = new FakeSocket(options);
      sockets.push(socket);
      return socket;
    },
  };
});

// The client is its own chunk in the app; loaded here once, sockets are created synchronously.
beforeAll(async () => {
  await loadSocketClient();
});

beforeEach(() => {
  sockets.length = 0;
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const other = { id: 'u-2', username: 'bob', fullName: 'Bob Builder', avatar: null };

describe('Content page', () => {
  it('shows live progress from the socket, then the finished image', async () => {
    localStorage.setItem('accessToken', 'token-1');
    const queued = makeContent({ status: 'processing', progress: 40, mediaUrl: null, previewUrl: null });
    mockServer({ 'GET /content/c-1': () => json(200, { data: queued }) });
    renderGeneration({ path: '/content/c-1' });

    expect(await screen.findByText('Generating… 40%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Generation progress' })).toHaveAttribute('aria-valuenow', '40');
    expect(screen.queryByRole('link', { name: 'Download' })).not.toBeInTheDocument();

    // The connection comes with the signed-in person's own chunk, which may still be on its way.
    await waitFor(() => expect(sockets).not.toHaveLength(0));
    const socket = sockets.at(-1)!;
    act(() => socket.serverAccepts());
    act(() => socket.serverSends('generation:progress', { contentId: 'c-1', status: 'processing', progress: 75 }));
    // Coming online also re-reads the item, in case events were missed; the newer progress must win.
    expect(await screen.findByText('Generating… 75%')).toBeInTheDocument();
    // Another item's progress leaves this page alone.
    act(() => socket.serverSends('generation:progress', { contentId: 'c-2', status: 'processing', progress: 90 }));
    expect(screen.getByText('Generating… 75%')).toBeInTheDocument();

    act(() => socket.serverSends('generation:completed', { content: makeContent() }));
    expect(await screen.findByRole('img', { name: 'Foggy harbour' })).toHaveAttribute('src', '/media/c-1/preview.webp');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute('href', '/media/c-1/original.png');
  });

  it('asks the server every 2 s while the socket is not connected', async () => {
    let answers = 0;
    mockServer({
      'GET /content/c-1': () => {
        answers += 1;
        return json(200, { data: answers < 2 ? makeContent({ status: 'queued', progress: 0 }) : makeContent() });
      },
    });
    renderGeneration({ path: '/content/c-1' });
    expect(await screen.findByText('Queued — waiting for a renderer…')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Foggy harbour' }, { timeout: 3500 })).toBeInTheDocument();
    expect(answers).toBe(2);
  });

  it('shows a ready photo with its details and receipt', async () => {
    mockServer({ 'GET /content/c-1': () => json(200, { data: makeContent() }) });
    renderGeneration({ path: '/content/c-1' });

    expect(await screen.findByRole('img', { name: 'Foggy harbour' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Foggy harbour' })).toBeInTheDocument();
    expect(screen.getByText('A foggy harbour at dawn')).toBeInTheDocument();
    expect(screen.getByText('FLUX Pro')).toBeInTheDocument();
    expect(screen.getByText('1024 × 768')).toBeInTheDocument();
    expect(screen.getByText('1234')).toBeInTheDocument();
    expect(screen.getByText('Nothing was refunded: the generation finished.')).toBeInTheDocument();
  });

  it('tells the owner that a moderator hid the item, and marks a staff owner', async () => {
    mockServer({
      'GET /content/c-1': () =>
        json(200, { data: makeContent({ isHidden: true, owner: { ...makeContent().owner, isStaff: true } }) }),
    });
    renderGeneration({ path: '/content/c-1' });
    expect(await screen.findByRole('img', { name: 'Foggy harbour' })).toBeInTheDocument();
    expect(screen.getByText('A moderator hid this from everyone else. Only you and our moderators can see it.')).toHaveAttribute('role', 'status');
    expect(screen.getByText('Staff')).toBeInTheDocument();
  });

  it('shows a mature item behind a blurred gate to someone who has not opted in, without its media', async () => {
    mockServer({
      'GET /content/c-1': () =>
        json(200, {
          data: makeContent({
            rating: 'mature',
            isMatureGated: true,
            mediaUrl: null,
            previewUrl: null,
            thumbnailUrl: null,
            blurredCoverUrl: 'data:image/webp;base64,UklGRg==',
          }),
        }),
    });
    renderGeneration({ path: '/content/c-1' });
    const gate = await screen.findByRole('region', { name: 'Mature content' });
    expect(gate).toHaveTextContent('This item is rated mature');
    // Its cover is the server's tiny blurred still, nothing else of the item.
    expect(gate.querySelector('img.mature-gate__cover')).toHaveAttribute('src', 'data:image/webp;base64,UklGRg==');
    expect(screen.queryByRole('img', { name: 'Foggy harbour' })).not.toBeInTheDocument();
    expect(screen.getAllByText('Mature').length).toBeGreaterThan(0);
  });

  it('shows an upload as uploaded: no prompt, model, seed, receipt or Use these settings', async () => {
    mockServer({
      'GET /content/c-1': () =>
        json(200, { data: makeContent({ model: 'upload', prompt: '', seed: 0, cost: 0, charged: 0 }) }),
    });
    renderGeneration({ path: '/content/c-1' });

    expect(await screen.findByRole('img', { name: 'Foggy harbour' })).toBeInTheDocument();
    expect(screen.getByText('Uploaded by its maker')).toBeInTheDocument();
    expect(screen.queryByText('Prompt')).not.toBeInTheDocument();
    expect(screen.queryByText('Seed')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Receipt' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use these settings' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download' })).toBeInTheDocument();
  });

  it('plays loops silently on repeat and videos with controls and a poster', async () => {
    mockServer({
      'GET /content/l-1': () =>
        json(200, {
          data: makeContent({ id: 'l-1', title: 'Dunes', contentType: 'loops', mediaUrl: '/media/l-1/loop.mp4' }),
        }),
      'GET /content/v-1': () =>
        json(200, {
          data: makeContent({
            id: 'v-1',
            contentType: 'video',
            mediaUrl: '/media/v-1/v.mp4',
            posterUrl: '/media/v-1/poster.jpg',
          }),
        }),
    });
    const { router } = renderGeneration({ path: '/content/l-1' });
    const loop = (await screen.findByLabelText('Dunes')) as HTMLVideoElement;
    expect(loop.tagName).toBe('VIDEO');
    expect(loop.loop).toBe(true);
    expect(loop.muted).toBe(true);
    expect(loop.autoplay).toBe(true);

    await act(() => router.navigate('/content/v-1'));
    await waitFor(() =>
      expect(document.querySelector('video[controls]')).toHaveAttribute('poster', '/media/v-1/poster.jpg'),
    );
  });

  it('explains a failure and the refund', async () => {
    mockServer({
      'GET /content/c-1': () =>
        json(200, {
          data: makeContent({
            status: 'failed',
            mediaUrl: null,
            failureReason: 'The renderer timed out',
            refunded: 10,
          }),
        }),
    });
    renderGeneration({ path: '/content/c-1' });
    expect(await screen.findByText('Your 10 credits were refunded')).toBeInTheDocument();
    expect(screen.getByText('Generation failed')).toBeInTheDocument();
    expect(screen.getByText('Refunded because the generation failed: The renderer timed out')).toBeInTheDocument();
  });

  it('offers rename, privacy, delete and edits to the owner only', async () => {
    mockServer({
      'GET /content/mine': () => json(200, { data: makeContent({ id: 'mine' }) }),
      'GET /content/theirs': () => json(200, { data: makeContent({ id: 'theirs', owner: other }) }),
    });
    const { router } = renderGeneration({ path: '/content/mine' });
    expect(await screen.findByRole('button', { name: 'Rename' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Private/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Edit' })).toBeInTheDocument();

    await act(() => router.navigate('/content/theirs'));
    expect(await screen.findByText('Bob Builder')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use these settings' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rename' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /Private/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('renames through PUT and shows the new title', async () => {
    const { calls } = mockServer({
      'GET /content/c-1': () => json(200, { data: makeContent() }),
      'PUT /content/c-1': () => json(200, { data: makeContent({ title: 'Harbour at dawn' }) }),
    });
    const { user } = renderGeneration({ path: '/content/c-1' });
    await user.click(await screen.findByRole('button', { name: 'Rename' }));
    const input = screen.getByRole('textbox', { name: 'Title' });
    await user.clear(input);
    await user.type(input, 'Harbour at dawn{Enter}');

    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour at dawn' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ title: 'Harbour at dawn' });
  });

  it('toggles privacy through PUT', async () => {
    const { calls } = mockServer({
      'GET /content/c-1': () => json(200, { data: makeContent() }),
      'PUT /content/c-1': () => json(200, { data: makeContent({ isPrivate: true }) }),
    });
    const { user } = renderGeneration({ path: '/content/c-1' });
    await user.click(await screen.findByRole('checkbox', { name: /Private/ }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /Private/ })).toBeChecked());
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ isPrivate: true });
  });

  it('shows a rating the safety check fixed as fixed, with the reason, and sends nothing', async () => {
    const { calls } = mockServer({
      'GET /content/c-1': () => json(200, { data: makeContent({ rating: 'mature', isRatingLocked: true }) }),
    });
    const { user } = renderGeneration({ path: '/content/c-1' });
    const mature = await screen.findByRole('checkbox', { name: /Mature/ });
    expect(mature).toBeChecked();
    expect(mature).toBeDisabled();
    expect(screen.getByText('This item was rated mature by the safety check and cannot be lowered')).toBeInTheDocument();
    await user.click(mature);
    expect(mature).toBeChecked();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('lets the owner rate an item mature through PUT when no safety check fixed it', async () => {
    const { calls } = mockServer({
      'GET /content/c-1': () => json(200, { data: makeContent({ rating: 'general' }) }),
      'PUT /content/c-1': () => json(200, { data: makeContent({ rating: 'mature' }) }),
    });
    const { user } = renderGeneration({ path: '/content/c-1' });
    const mature = await screen.findByRole('checkbox', { name: /Mature/ });
    expect(mature).toBeEnabled();
    await user.click(mature);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /Mature/ })).toBeChecked());
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ rating: 'mature' });
  });

  it('deletes after confirmation and goes home', async () => {
    const { calls } = mockServer({
      'GET /content/c-1': () => json(200, { data: makeContent() }),
      'DELETE /content/c-1': () => json(200, { data: null, message: 'Content deleted successfully' }),
    });
    const { router, user } = renderGeneration({ path: '/content/c-1' });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('applies an edit and moves to the new content', async () => {
    const { calls } = mockServer({
      'GET /content/c-1': () => json(200, { data: makeContent() }),
      'POST /content/edit': () => json(201, { data: { id: 'c-2', url: '/content/c-2' } }),
      'GET /content/c-2': () => json(200, { data: makeContent({ id: 'c-2', parentId: 'c-1', editOperation: 'crop' }) }),
    });
    const { router, user } = renderGeneration({ path: '/content/c-1' });
    await user.click(await screen.findByRole('radio', { name: 'Crop' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Aspect ratio' }), '16:9');
    expect(screen.getByText(/Costs 1 credit;/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Apply crop · 1 credit' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/content/c-2'));
    expect(calls.find((c) => c.path === '/content/edit')!.body).toEqual({
      contentId: 'c-1',
      operation: 'crop',
      aspect: '16:9',
    });
    expect(await screen.findByRole('link', { name: 'the original' })).toHaveAttribute('href', '/content/c-1');
  });

  it('opens the Generate dialog with the same type, model and prompt', async () => {
    mockServer({ 'GET /content/c-1': () => json(200, { data: makeContent({ model: 'flux-dev', owner: other }) }) });
    const { user } = renderGeneration({ path: '/content/c-1' });
    await user.click(await screen.findByRole('button', { name: 'Use these settings' }));
    expect(await screen.findByRole('dialog', { name: 'Generate Photo' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /FLUX Dev/ })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Prompt' })).toHaveValue('A foggy harbour at dawn');
  });

  it('shows a friendly not-found state for a missing item', async () => {
    mockServer({});
    renderGeneration({ path: '/content/nope' });
    expect(await screen.findByRole('heading', { name: 'Content not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it('falls back to "Failed to fetch content details" when the server gives no message', async () => {
    mockServer({ 'GET /content/c-1': () => json(500, {}) });
    renderGeneration({ path: '/content/c-1', user: testUser });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch content details');
  });
  it('draws a signed-out visit from the reply the page came with, without asking the server', async () => {
    localStorage.clear();
    const data = document.createElement('script');
    data.type = 'application/json';
    data.id = 'initial-replies';
    data.textContent = JSON.stringify([{ url: '/content/c-1', body: { data: makeContent() } }]);
    document.body.appendChild(data);
    const server = mockServer({});
    renderGeneration({ path: '/content/c-1', user: null });
    expect(await screen.findByRole('img', { name: 'Foggy harbour' })).toBeInTheDocument();
    expect(server.calls.filter((c) => c.path === '/content/c-1')).toEqual([]);
    expect(document.getElementById('initial-replies')).toBeNull();
  });
  it('asks the server when signed in, even when the page came with a signed-out reply', async () => {
    localStorage.setItem('accessToken', 'token-1');
    const data = document.createElement('script');
    data.type = 'application/json';
    data.id = 'initial-replies';
    data.textContent = JSON.stringify([
      { url: '/content/c-1', body: { data: makeContent({ title: 'As a visitor sees it' }) } },
    ]);
    document.body.appendChild(data);
    const server = mockServer({ 'GET /content/c-1': () => json(200, { data: makeContent() }) });
    renderGeneration({ path: '/content/c-1' });
    expect(await screen.findByRole('img', { name: 'Foggy harbour' })).toBeInTheDocument();
    expect(server.calls.filter((c) => c.path === '/content/c-1')).toHaveLength(1);
    expect(screen.queryByText('As a visitor sees it')).not.toBeInTheDocument();
  });
});
