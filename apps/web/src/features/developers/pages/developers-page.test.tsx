import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ApiKey, WebhookDelivery, WebhookEndpoint } from '@atelier/shared';
import { DevelopersPage } from './developers-page';
import { jsonResponse, mockServer, renderWithStore, signedInState } from '../../../testing/render-with-store';

afterEach(() => {
  vi.unstubAllGlobals();
});

const key = (overrides: Partial<ApiKey> = {}): ApiKey => ({
  id: 'key-1',
  name: 'Render farm',
  prefix: 'atl_1a2b3c4d',
  scopes: ['generate', 'content:read'],
  createdAt: '2025-03-01T10:00:00.000Z',
  lastUsedAt: '2025-03-04T18:45:00.000Z',
  revokedAt: null,
  ...overrides,
});

describe('developers page', () => {
  it('asks a signed-out visitor to sign in and calls nothing', () => {
    const server = mockServer({});
    renderWithStore(<DevelopersPage />);
    expect(screen.getByRole('heading', { name: 'Sign in to manage your API keys' })).toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  });

  it('lists keys by name and prefix with their scopes and when each was last used', async () => {
    mockServer({
      'GET /developers/keys': () =>
        jsonResponse(200, {
          data: [key(), key({ id: 'key-2', name: 'Old laptop', prefix: 'atl_99999999', lastUsedAt: null })],
        }),
    });
    renderWithStore(<DevelopersPage />, { preloadedState: signedInState() });
    const list = await screen.findByRole('list', { name: 'Your API keys' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Render farm');
    expect(items[0]).toHaveTextContent('atl_1a2b3c4d…');
    expect(items[0]).toHaveTextContent('generate, content:read');
    expect(items[0]).toHaveTextContent('Last used Mar 4, 2025');
    expect(items[1]).toHaveTextContent('Never used');
  });

  it('creates a named, scoped key and shows its secret once', async () => {
    let keys: ApiKey[] = [];
    const server = mockServer({
      'GET /developers/keys': () => jsonResponse(200, { data: keys }),
      'POST /developers/keys': (call) => {
        const body = call.body as { name: string; scopes: ApiKey['scopes'] };
        const created = key({ id: 'key-new', name: body.name, scopes: body.scopes, lastUsedAt: null });
        keys = [created];
        return jsonResponse(201, {
          data: { key: created, token: 'atl_1a2b3c4d_secretsecretsecretsecretsecret00' },
          message: 'API key created.',
        });
      },
    });
    const { user } = renderWithStore(<DevelopersPage />, { preloadedState: signedInState() });
    await screen.findByText('You have no API keys yet.');

    const form = screen.getByRole('form', { name: 'Create an API key' });
    await user.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(await within(form).findByText('Please give the key a name')).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/Key name/), 'Render farm');
    await user.click(within(form).getByRole('button', { name: 'Create key' }));
    const scopeError = await within(form).findByText('Please choose at least one scope');
    // Under the scopes it is about, not under the name.
    expect(within(form).getByRole('group', { name: 'Scopes' })).toContainElement(scopeError);
    expect(within(form).getByLabelText(/Key name/)).not.toHaveAttribute('aria-invalid', 'true');
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.click(within(form).getByRole('checkbox', { name: /^generate/ }));
    await user.click(within(form).getByRole('checkbox', { name: /credits:read/ }));
    await user.click(within(form).getByRole('button', { name: 'Create key' }));

    expect(await screen.findByLabelText('New API key')).toHaveTextContent(
      'atl_1a2b3c4d_secretsecretsecretsecretsecret00',
    );
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Render farm',
      scopes: ['generate', 'credits:read'],
    });
    const list = await screen.findByRole('list', { name: 'Your API keys' });
    expect(within(list).getByText(/Never used/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'I have saved it' }));
    expect(screen.queryByLabelText('New API key')).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('secretsecret');
  }, 20_000);

  it('revokes a key after confirmation', async () => {
    let keys = [key()];
    const server = mockServer({
      'GET /developers/keys': () => jsonResponse(200, { data: keys }),
      'DELETE /developers/keys/key-1': () => {
        keys = [key({ revokedAt: '2025-03-05T08:00:00.000Z' })];
        return jsonResponse(200, { data: keys[0], message: 'API key revoked' });
      },
    });
    vi.stubGlobal('confirm', () => true);
    const { user } = renderWithStore(<DevelopersPage />, { preloadedState: signedInState() });
    await user.click(await screen.findByRole('button', { name: 'Revoke Render farm' }));
    await waitFor(() => expect(server.calls.some((c) => c.method === 'DELETE')).toBe(true));
    const list = await screen.findByRole('list', { name: 'Your API keys' });
    expect(await within(list).findByText('Revoked')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Revoke Render farm' })).not.toBeInTheDocument();
  });

  it('shows curl and TypeScript examples with an Idempotency-Key', async () => {
    mockServer({ 'GET /developers/keys': () => jsonResponse(200, { data: [] }) });
    renderWithStore(<DevelopersPage />, { preloadedState: signedInState() });
    const examples = screen.getByRole('region', { name: 'Use the API' });
    expect(examples).toHaveTextContent('Idempotency-Key: ');
    expect(examples).toHaveTextContent("'idempotency-key': crypto.randomUUID()");
  });

  it('adds a webhook endpoint for chosen events and shows its signing secret once', async () => {
    let endpoints: WebhookEndpoint[] = [];
    const server = mockServer({
      'GET /developers/keys': () => jsonResponse(200, { data: [] }),
      'GET /developers/webhooks': () => jsonResponse(200, { data: endpoints }),
      'POST /developers/webhooks': (call) => {
        const body = call.body as { url: string; events: WebhookEndpoint['events'] };
        const endpoint: WebhookEndpoint = {
          id: 'ep-1',
          url: body.url,
          events: body.events,
          enabled: true,
          disabledReason: null,
          disabledAt: null,
          createdAt: '2025-03-01T10:00:00.000Z',
        };
        endpoints = [endpoint];
        return jsonResponse(201, {
          data: { endpoint, secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0' },
          message: 'ok',
        });
      },
    });
    const { user } = renderWithStore(<DevelopersPage />, { preloadedState: signedInState() });
    await screen.findByText('You have no webhook endpoints yet.');
    const form = screen.getByRole('form', { name: 'Add a webhook endpoint' });
    await user.type(within(form).getByLabelText(/Endpoint URL/), 'https://example.com/hooks');
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(form).findByText('Please choose at least one event')).toBeInTheDocument();
    await user.click(within(form).getByRole('checkbox', { name: /generation\.completed/ }));
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByLabelText('Signing secret')).toHaveTextContent('whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0');
    expect(server.calls.find((c) => c.method === 'POST' && c.path === '/developers/webhooks')?.body).toEqual({
      url: 'https://example.com/hooks',
      events: ['generation.completed'],
    });
    const list = await screen.findByRole('list', { name: 'Your webhook endpoints' });
    expect(within(list).getByText('https://example.com/hooks')).toBeInTheDocument();
  }, 20_000);

  it('shows a turned-off endpoint’s reason and its delivery log, and resends a delivery', async () => {
    const endpoint: WebhookEndpoint = {
      id: 'ep-1',
      url: 'https://example.com/hooks',
      events: ['generation.completed'],
      enabled: true,
      disabledReason: null,
      disabledAt: null,
      createdAt: '2025-03-01T10:00:00.000Z',
    };
    const off: WebhookEndpoint = {
      ...endpoint,
      id: 'ep-2',
      url: 'https://broken.example.com/x',
      enabled: false,
      disabledReason: 'Deliveries kept failing for 12 attempts (last: The endpoint answered 500)',
      disabledAt: '2025-03-02T10:00:00.000Z',
    };
    const delivery: WebhookDelivery = {
      id: 'd-1',
      eventId: 'msg_1',
      eventType: 'generation.completed',
      status: 'succeeded',
      attempts: [
        {
          attempt: 1,
          statusCode: 500,
          error: 'The endpoint answered 500',
          durationMs: 12,
          createdAt: '2025-03-01T10:00:00.000Z',
        },
        { attempt: 2, statusCode: 200, error: null, durationMs: 9, createdAt: '2025-03-01T10:00:40.000Z' },
      ],
      nextAttemptAt: null,
      createdAt: '2025-03-01T10:00:00.000Z',
    };
    const server = mockServer({
      'GET /developers/keys': () => jsonResponse(200, { data: [] }),
      'GET /developers/webhooks': () => jsonResponse(200, { data: [endpoint, off] }),
      'GET /developers/webhooks/ep-1/deliveries': () => jsonResponse(200, { data: [delivery] }),
      'POST /developers/webhooks/ep-1/deliveries/d-1/resend': () =>
        jsonResponse(202, { data: null, message: 'Delivery queued' }),
    });
    const { user } = renderWithStore(<DevelopersPage />, { preloadedState: signedInState() });
    const list = await screen.findByRole('list', { name: 'Your webhook endpoints' });
    const [first, second] = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === list);
    expect(second).toHaveTextContent('Off');
    expect(within(second!).getByRole('alert')).toHaveTextContent('Deliveries kept failing for 12 attempts');
    expect(within(second!).getByRole('button', { name: 'Turn on' })).toBeInTheDocument();

    await user.click(within(first!).getByRole('button', { name: 'Deliveries' }));
    const table = await screen.findByRole('table', { name: 'Deliveries to https://example.com/hooks' });
    expect(table).toHaveTextContent('succeeded');
    expect(
      within(table)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('— 500'), expect.stringContaining('— 200')]);
    await user.click(within(table).getByRole('button', { name: 'Resend' }));
    await waitFor(() =>
      expect(server.calls.some((c) => c.path === '/developers/webhooks/ep-1/deliveries/d-1/resend')).toBe(true),
    );
  }, 20_000);
});
