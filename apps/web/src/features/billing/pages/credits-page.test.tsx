import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockServer, renderGeneration } from '../../../testing/generation-test-utils';
import type { LedgerEntry } from '../ledger-labels';

afterEach(() => {
  vi.unstubAllGlobals();
});

const entries: LedgerEntry[] = [
  {
    id: 'l-3',
    delta: 10,
    kind: 'refund',
    reason: 'Generation failed',
    reference: 'job-1',
    contentId: 'c-1',
    balanceAfter: 20,
    createdAt: '2025-03-01T10:05:00.000Z',
  },
  {
    id: 'l-2',
    delta: -10,
    kind: 'generation_charge',
    reason: 'Photo with FLUX Pro',
    reference: 'c-1',
    contentId: 'c-1',
    balanceAfter: 10,
    createdAt: '2025-03-01T10:00:00.000Z',
  },
  {
    id: 'l-1',
    delta: 20,
    kind: 'signup_grant',
    reason: 'Welcome credits',
    reference: null,
    contentId: null,
    balanceAfter: 20,
    createdAt: '2025-02-28T09:00:00.000Z',
  },
];

describe('Credits page', () => {
  it('shows the balance and the history with signed, labelled rows', async () => {
    mockServer({
      'GET /credits/balance': () => json(200, { data: { credits: 20 } }),
      'GET /credits/history': () =>
        json(200, { data: entries, pagination: { page: 1, pageSize: 10, total: 3, totalPages: 1 } }),
    });
    const { store } = renderGeneration({ path: '/credits' });

    expect(await screen.findByText('20 credits')).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Refund')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('+10')).toHaveAttribute('data-sign', 'plus');
    expect(within(rows[0]!).getByRole('link', { name: 'View content' })).toHaveAttribute('href', '/content/c-1');
    expect(within(rows[1]!).getByText('Generation')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('−10')).toHaveAttribute('data-sign', 'minus');
    expect(within(rows[1]!).getByText('10')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Sign-up grant')).toBeInTheDocument();
    expect(within(rows[2]!).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Buy credits' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy custom amount' })).toBeInTheDocument();
    expect(store.getState().auth.user?.credits).toBe(20);
  });

  it('groups thousands in the balance and the history, as the header does', async () => {
    mockServer({
      'GET /credits/balance': () => json(200, { data: { credits: 1118 } }),
      'GET /credits/history': () =>
        json(200, {
          data: [{ ...entries[2]!, delta: 1100, balanceAfter: 1118 }],
          pagination: { page: 1, pageSize: 10, total: 1, totalPages: 1 },
        }),
    });
    renderGeneration({ path: '/credits' });
    expect(await screen.findByText('1,118 credits')).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getByText('+1,100')).toBeInTheDocument();
    expect(within(table).getByText('1,118')).toBeInTheDocument();
    expect(screen.queryByText(/1118/)).not.toBeInTheDocument();
  });

  it('filters by kind and pages through the history', async () => {
    const { calls } = mockServer({
      'GET /credits/balance': () => json(200, { data: { credits: 20 } }),
      'GET /credits/history': ({ search }) =>
        json(200, {
          data: search.get('kind') === 'refund' ? [entries[0]] : entries,
          pagination: { page: Number(search.get('page')), pageSize: 10, total: 25, totalPages: 3 },
        }),
    });
    const { user } = renderGeneration({ path: '/credits' });
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'refund');
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    const last = calls.filter((c) => c.path === '/credits/history').at(-1)!;
    expect(last.search.get('kind')).toBe('refund');
    expect(last.search.get('page')).toBe('1');
  });

  it('falls back to the spec texts when the calls fail without a message', async () => {
    mockServer({
      'GET /credits/balance': () => json(500, {}),
      'GET /credits/history': () => json(500, {}),
    });
    renderGeneration({ path: '/credits' });
    expect(await screen.findByText('Failed to fetch credit balance')).toBeInTheDocument();
    expect(await screen.findByText('Failed to fetch credit history')).toBeInTheDocument();
  });

  it('asks a signed-out visitor to sign in', async () => {
    const { calls } = mockServer({});
    const { store, user } = renderGeneration({ path: '/credits', user: null });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(store.getState().ui.authModal.isOpen).toBe(true);
    expect(calls.filter((c) => c.path.startsWith('/credits'))).toHaveLength(0);
  });
});
