import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { CheckoutSummary } from '@atelier/shared';
import { jsonResponse, makeUser, mockServer, renderWithStore, signedInState } from '../../../testing/render-with-store';
import { BillingPage } from './billing-page';

afterEach(() => vi.unstubAllGlobals());

const inADay = new Date(Date.now() + 20 * 3600 * 1000).toISOString();
const dayAgo = new Date(Date.now() - 3600 * 1000).toISOString();

function checkout(overrides: Partial<CheckoutSummary>): CheckoutSummary {
  return {
    id: 'chk-1',
    sessionId: 'cs_local_1',
    kind: 'credits',
    description: 'Starter pack: 100 credits',
    credits: 100,
    amount: 500,
    currency: 'usd',
    status: 'complete',
    declineMessage: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    expiresAt: inADay,
    completedAt: null,
    ...overrides,
  };
}

describe('Billing: purchases', () => {
  it('shows an abandoned checkout as not completed, with Resume and Dismiss; a paid one has neither', async () => {
    let list = [
      checkout({ id: 'chk-open', sessionId: 'cs_open', status: 'open', description: 'Creator pack: 550 credits' }),
      checkout({
        id: 'chk-old',
        sessionId: 'cs_old',
        status: 'expired',
        description: 'Studio pack',
        expiresAt: dayAgo,
      }),
      checkout({ id: 'chk-paid', status: 'complete', description: 'Starter pack: 100 credits' }),
    ];
    const server = mockServer({
      'GET /config': () => jsonResponse(200, { data: { signupCredits: 50 } }),
      'GET /subscription/current': () => jsonResponse(200, { data: null }),
      'GET /billing/checkouts': () => jsonResponse(200, { data: list }),
      'POST /billing/checkouts/chk-open/dismiss': () => {
        list = list.filter((c) => c.id !== 'chk-open');
        return jsonResponse(200, { data: null, message: 'Checkout dismissed' });
      },
    });
    const { user } = renderWithStore(<BillingPage />, { preloadedState: signedInState(makeUser()), route: '/billing' });

    const row = (text: string) => screen.getByText(text).closest('tr')!;
    await screen.findByText('Creator pack: 550 credits');
    expect(screen.queryByText('Pending')).not.toBeInTheDocument();
    const open = row('Creator pack: 550 credits');
    expect(within(open).getByText('Not completed')).toBeInTheDocument();
    expect(within(open).getByRole('link', { name: 'Resume' })).toHaveAttribute('href', '/checkout/cs_open?pay=1');

    const expired = row('Studio pack');
    expect(within(expired).getByText('Expired')).toBeInTheDocument();
    expect(within(expired).queryByRole('link', { name: 'Resume' })).not.toBeInTheDocument();
    expect(within(expired).getByRole('button', { name: 'Dismiss Studio pack' })).toBeInTheDocument();

    const paid = row('Starter pack: 100 credits');
    expect(within(paid).getByText('Paid')).toBeInTheDocument();
    expect(within(paid).queryByRole('button', { name: /Dismiss/ })).not.toBeInTheDocument();

    await user.click(within(open).getByRole('button', { name: 'Dismiss Creator pack: 550 credits' }));
    expect(await screen.findByText('Checkout dismissed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Creator pack: 550 credits')).not.toBeInTheDocument());
    expect(server.callsTo('POST', '/billing/checkouts/chk-open/dismiss')).toHaveLength(1);
  });
});
