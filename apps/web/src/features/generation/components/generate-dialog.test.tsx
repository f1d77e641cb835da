import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXAMPLE_PROMPTS } from '@atelier/shared';
import { uiActions } from '../../ui';
import { creditsUpdated } from '../../auth';
import { json, makeContent, mockServer, renderGeneration, testUser } from '../../../testing/generation-test-utils';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openDialog(
  store: ReturnType<typeof renderGeneration>['store'],
  contentType: 'photo' | 'video' | 'loops' = 'photo',
  selectedModel?: string,
) {
  act(() => {
    store.dispatch(uiActions.modelDialogOpened({ contentType, selectedModel }));
  });
  // The dialog is its own chunk: the first opening waits for it. It is ready for typing once its
  // opening has settled and put the cursor in the prompt; before that, on a busy machine, React may
  // commit a change a moment after its event, and the box shows the old text meanwhile.
  const dialog = await screen.findByRole('dialog', { name: /generate/i });
  await waitFor(() => expect(promptBox()).toHaveFocus());
  return dialog;
}

const promptBox = () => screen.getByRole('textbox', { name: 'Prompt' });
const generateButton = () => screen.getByRole('button', { name: /^Generate .* credits$|^Generating\.\.\.$/ });

describe('Generate dialog', () => {
  it('resets the model to the first one of a newly chosen type and keeps the prompt', async () => {
    mockServer({});
    const { store, user } = renderGeneration({ user: { ...testUser, credits: 100 } });
    await openDialog(store, 'photo', 'flux-dev');
    expect(screen.getByRole('radio', { name: /FLUX Dev/ })).toBeChecked();
    // One change, not keystrokes: this is about the prompt surviving a change of type, and the
    // dialog's first opening (its chunk still settling) could drop keystrokes on a busy machine.
    fireEvent.change(promptBox(), { target: { value: 'a lighthouse' } });
    expect(promptBox()).toHaveValue('a lighthouse');

    await user.click(screen.getByRole('tab', { name: 'Video' }));
    expect(screen.getByRole('tab', { name: 'Video' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('radio', { name: /Runway Gen-3/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Runway Gen-3/ })).toHaveAccessibleName(/25 credits/);
    expect(generateButton()).toHaveTextContent('Generate Video · 25 credits');

    await user.click(screen.getByRole('tab', { name: 'Photo' }));
    expect(screen.getByRole('radio', { name: /FLUX Pro/ })).toBeChecked();
    expect(promptBox()).toHaveValue('a lighthouse');
  });

  it('shows each model with its cost, speed and quality', async () => {
    mockServer({});
    const { store } = renderGeneration();
    await openDialog(store, 'photo');
    const schnell = screen.getByRole('radio', { name: /FLUX Schnell/ });
    expect(schnell).toHaveAccessibleName(/3 credits/);
    expect(schnell).toHaveAccessibleName(/Speed: Fast/);
    expect(schnell).toHaveAccessibleName(/Quality: Good/);
  });

  it('counts prompt characters out of 500 and stops at 500', async () => {
    mockServer({});
    const { store, user } = renderGeneration();
    await openDialog(store);
    expect(screen.getByText('0/500')).toBeInTheDocument();
    await user.type(promptBox(), 'hello');
    expect(screen.getByText('5/500')).toBeInTheDocument();

    await user.clear(promptBox());
    await user.click(promptBox());
    await user.paste('x'.repeat(600));
    expect(screen.getByText('500/500')).toBeInTheDocument();
    expect(promptBox()).toHaveValue('x'.repeat(500));
  });

  it('copies an example prompt into the prompt box', async () => {
    mockServer({});
    const { store, user } = renderGeneration();
    await openDialog(store, 'loops');
    const examples = screen.getByRole('region', { name: 'Loops examples' });
    expect(within(examples).getAllByRole('button')).toHaveLength(4);
    // Each example shows the picture the local renderer made from its prompt, loaded lazily.
    const pictures = examples.querySelectorAll('img');
    expect([...pictures].map((img) => img.getAttribute('src'))).toEqual([
      '/examples/loops-1.webp',
      '/examples/loops-2.webp',
      '/examples/loops-3.webp',
      '/examples/loops-4.webp',
    ]);
    expect(
      [...pictures].every((img) => img.getAttribute('loading') === 'lazy' && img.getAttribute('width') === '240'),
    ).toBe(true);
    expect(within(examples).getByText("Example pictures made by Atelier's local renderer.")).toBeInTheDocument();

    const example = EXAMPLE_PROMPTS.loops[2]!;
    await user.click(within(examples).getByRole('button', { name: example }));
    expect(promptBox()).toHaveValue(example);
    expect(screen.getByText(`${example.length}/500`)).toBeInTheDocument();
  });

  it('labels the button with the type and cost and enables it only with a prompt', async () => {
    mockServer({});
    const { store, user } = renderGeneration();
    await openDialog(store, 'photo');
    expect(generateButton()).toHaveTextContent('Generate Photo · 10 credits');
    expect(generateButton()).toBeDisabled();

    await user.type(promptBox(), '   ');
    expect(generateButton()).toBeDisabled();
    await user.type(promptBox(), 'a fox');
    expect(generateButton()).toBeEnabled();
    expect(screen.getByText('Your credits: 20')).toBeInTheDocument();
    expect(screen.getByText('Cost: 10 credits')).toBeInTheDocument();
  });

  it('says "Please enter a prompt" when asked to generate with an empty prompt', async () => {
    mockServer({});
    const { store, user } = renderGeneration();
    await openDialog(store);
    await user.click(promptBox());
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a prompt');
  });

  it('turns the button into "Get N more credits", which opens the buy step in the dialog, and marks what the balance covers', async () => {
    mockServer({
      'GET /credits/products': () =>
        json(200, {
          data: [
            {
              id: 'p1',
              name: 'Starter pack',
              credits: 100,
              bonusCredits: 0,
              price: 500,
              currency: 'usd',
              isActive: true,
              sortOrder: 1,
              createdAt: '2026-01-01T00:00:00.000Z',
              updatedAt: '2026-01-01T00:00:00.000Z',
            },
          ],
        }),
      'GET /credits/pricing': () =>
        json(200, { data: { pricePerCredit: 5, currency: 'usd', minCredits: 50, maxCredits: 100000, tiers: [] } }),
    });
    const { store, user } = renderGeneration({ user: { ...testUser, credits: 4 } });
    await openDialog(store, 'photo');
    await user.type(promptBox(), 'a fox');
    // FLUX Pro costs 10: 6 are missing. The notice sits right by the button.
    const getMore = screen.getByRole('button', { name: 'Get 6 more credits' });
    expect(getMore).toBeEnabled();
    expect(screen.getByRole('status')).toHaveTextContent('Insufficient credits: this costs 10 credits and you have 4.');
    expect(screen.getByRole('radio', { name: /FLUX Pro/ }).closest('label')).toHaveTextContent('6 more credits needed');
    expect(screen.getByRole('radio', { name: /FLUX Schnell/ }).closest('label')).toHaveTextContent('Your credits cover it');

    await user.click(getMore);
    expect(await screen.findByRole('heading', { name: 'Get 6 more credits' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Buy Starter pack' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to your prompt' }));
    expect(promptBox()).toHaveValue('a fox');

    // The cheapest photo model fits the balance.
    await user.click(screen.getByRole('radio', { name: /FLUX Schnell/ }));
    expect(generateButton()).toBeEnabled();
    expect(screen.queryByText(/Insufficient credits/)).not.toBeInTheDocument();
  });

  it('goes back to the prompt, ready to generate, once enough credits were bought', async () => {
    mockServer({
      'GET /credits/products': () => json(200, { data: [] }),
      'GET /credits/pricing': () =>
        json(200, { data: { pricePerCredit: 5, currency: 'usd', minCredits: 50, maxCredits: 100000, tiers: [] } }),
    });
    const { store, user } = renderGeneration({ user: { ...testUser, credits: 4 } });
    await openDialog(store, 'photo');
    await user.type(promptBox(), 'a fox');
    await user.click(screen.getByRole('button', { name: 'Get 6 more credits' }));
    await screen.findByRole('heading', { name: 'Get 6 more credits' });
    act(() => {
      store.dispatch(creditsUpdated(104));
    });
    expect(await screen.findByRole('textbox', { name: 'Prompt' })).toHaveValue('a fox');
    expect(generateButton()).toBeEnabled();
  });

  it('shows Generating... and stays disabled while the request is in flight', async () => {
    let answer: (response: Response) => void = () => {};
    mockServer({ 'POST /content/generate': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { store, user } = renderGeneration();
    await openDialog(store);
    await user.type(promptBox(), 'a fox');
    await user.click(generateButton());

    expect(screen.getByRole('button', { name: 'Generating...' })).toBeDisabled();
    answer(json(201, { data: makeContent({ id: 'c-9', status: 'queued' }) }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('rejects a reference image that is not an image or is larger than 10MB', async () => {
    mockServer({});
    const { store } = renderGeneration();
    const user = userEvent.setup({ applyAccept: false, delay: null });
    await openDialog(store);
    await user.click(screen.getByRole('button', { name: 'Advanced settings' }));
    expect(screen.getByText('PNG, JPG up to 10MB')).toBeInTheDocument();

    const input = screen.getByLabelText(/Reference image/);
    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a valid image file');

    const big = new File([new Uint8Array(10_485_761)], 'huge.png', { type: 'image/png' });
    await user.upload(input, big);
    expect(screen.getByRole('alert')).toHaveTextContent('Image must be less than 10MB');

    const exact = new File([new Uint8Array(10_485_760)], 'fine.png', { type: 'image/png' });
    await user.upload(input, exact);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Reference image preview' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(screen.queryByRole('img', { name: 'Reference image preview' })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Reference image/)).toBeInTheDocument();
  });

  it('resets name, image, strength, privacy, error and the settings panel when closed', async () => {
    mockServer({});
    const { store, user } = renderGeneration();
    await openDialog(store);
    await user.click(screen.getByRole('button', { name: 'Advanced settings' }));
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'My harbour');
    const slider = screen.getByRole('slider', { name: 'Variation strength' });
    fireEvent.change(slider, { target: { value: '72' } });
    expect(slider).toHaveValue('72');
    expect(screen.getByText('72')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Make this content private' }));
    await user.upload(screen.getByLabelText(/Reference image/), new File(['png'], 'ref.png', { type: 'image/png' }));
    await user.click(promptBox());
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(screen.getByText('Please enter a prompt')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await openDialog(store);
    expect(screen.getByRole('button', { name: 'Advanced settings' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Please enter a prompt')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Advanced settings' }));
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveValue('');
    expect(screen.getByRole('slider', { name: 'Variation strength' })).toHaveValue('50');
    expect(screen.getByRole('checkbox', { name: 'Make this content private' })).not.toBeChecked();
    expect(screen.queryByRole('img', { name: 'Reference image preview' })).not.toBeInTheDocument();
  });

  it('closes on a backdrop click and on the close button, and locks page scroll while open', async () => {
    mockServer({});
    const { store, user } = renderGeneration();
    const dialog = await openDialog(store);
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(document.body.style.overflow).toBe('hidden');

    await user.click(dialog.parentElement!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');

    await openDialog(store);
    await user.click(screen.getByRole('button', { name: 'Close dialog' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('generates, opens the new content page, closes and takes the cost off the balance', async () => {
    const created = makeContent({ id: 'c-42', status: 'queued', progress: 0, charged: 10 });
    const { calls } = mockServer({
      'POST /content/generate': () => json(201, { data: created }),
      'GET /content/c-42': () => json(200, { data: created }),
    });
    const { store, router, user } = renderGeneration();
    await openDialog(store, 'photo');
    await user.type(promptBox(), '  A foggy harbour at dawn  ');
    await user.click(screen.getByRole('button', { name: 'Advanced settings' }));
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Harbour');
    await user.click(screen.getByRole('checkbox', { name: 'Make this content private' }));
    await user.click(generateButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/content/c-42'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(store.getState().auth.user?.credits).toBe(10);

    const post = calls.find((c) => c.method === 'POST' && c.path === '/content/generate')!;
    expect(post.body).toEqual({
      prompt: 'A foggy harbour at dawn',
      contentType: 'photo',
      model: 'flux-pro',
      name: 'Harbour',
      isPrivate: true,
      strength: 50,
    });
    expect(post.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByRole('progressbar', { name: 'Generation progress' })).toBeInTheDocument();
  });

  it('sends the reference image as multipart form data', async () => {
    const { calls } = mockServer({ 'POST /content/generate': () => json(201, { data: makeContent({ id: 'c-7' }) }) });
    const { store, router, user } = renderGeneration();
    await openDialog(store, 'photo', 'flux-schnell');
    await user.type(promptBox(), 'a fox');
    await user.click(screen.getByRole('button', { name: 'Advanced settings' }));
    await user.upload(screen.getByLabelText(/Reference image/), new File(['png'], 'ref.png', { type: 'image/png' }));
    await user.click(generateButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/content/c-7'));
    const post = calls.find((c) => c.path === '/content/generate')!;
    expect(post.headers.get('content-type')).toMatch(/^multipart\/form-data/);
    const form = post.body as FormData;
    expect(form.get('prompt')).toBe('a fox');
    expect(form.get('model')).toBe('flux-schnell');
    expect(form.get('strength')).toBe('50');
    expect(form.get('referenceImage')).toMatchObject({ type: 'image/png' });
  });

  it('shows the server message "Insufficient credits" on a 402 and refreshes the balance', async () => {
    mockServer({
      'POST /content/generate': () =>
        json(402, {
          statusCode: 402,
          code: 'INSUFFICIENT_CREDITS',
          error: 'Payment Required',
          message: 'Insufficient credits',
        }),
      'GET /credits/balance': () => json(200, { data: { credits: 3 } }),
    });
    const { store, router, user } = renderGeneration();
    await openDialog(store, 'photo');
    await user.type(promptBox(), 'a fox');
    await user.click(generateButton());

    expect(await screen.findByText(/Insufficient credits/)).toBeInTheDocument();
    await waitFor(() => expect(store.getState().auth.user?.credits).toBe(3));
    // Now short by the refreshed balance: the button offers the missing credits.
    expect(screen.getByRole('button', { name: 'Get 7 more credits' })).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('falls back to "Failed to generate content" and retries a lost request with the same key', async () => {
    let attempt = 0;
    const { calls } = mockServer({
      'POST /content/generate': () => {
        attempt += 1;
        if (attempt === 1) return json(503, {});
        return json(201, { data: makeContent({ id: 'c-5' }) });
      },
    });
    const { store, router, user } = renderGeneration();
    await openDialog(store);
    await user.type(promptBox(), 'a fox');
    await user.click(generateButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to generate content');

    await user.click(generateButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/content/c-5'));
    const keys = calls.filter((c) => c.path === '/content/generate').map((c) => c.headers.get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('uses a new key once the request itself changes', async () => {
    const { calls } = mockServer({
      'POST /content/generate': () =>
        json(500, { statusCode: 500, code: 'X', error: 'Internal', message: 'Renderer offline' }),
    });
    const { store, user } = renderGeneration();
    await openDialog(store);
    await user.type(promptBox(), 'a fox');
    await user.click(generateButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Renderer offline');
    await user.type(promptBox(), ' in snow');
    await user.click(generateButton());
    await waitFor(() => expect(calls.filter((c) => c.path === '/content/generate')).toHaveLength(2));
    const [first, second] = calls.filter((c) => c.path === '/content/generate');
    expect(first!.headers.get('idempotency-key')).not.toBe(second!.headers.get('idempotency-key'));
  });

  it('mentions the stand-in renderer only when the server says it is local', async () => {
    mockServer({
      'GET /config': () =>
        json(200, {
          data: { googleClientId: null, facebookAppId: null, signupCredits: 20, generationProvider: 'local' },
        }),
    });
    const { store } = renderGeneration();
    await openDialog(store);
    expect(await screen.findByText(/built-in renderer is a stand-in/)).toBeInTheDocument();
  });

  it('asks a signed-out person to sign in instead of opening', () => {
    mockServer({});
    const { store } = renderGeneration({ user: null });
    act(() => {
      store.dispatch(uiActions.modelDialogOpened({ contentType: 'photo' }));
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(store.getState().ui.authModal).toEqual({ isOpen: true, mode: 'login', intent: null });
  });
});
