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
  it('lists paid purchases and failed payments, never a checkout that was only opened', async () => {
    let list = [
      checkout({ id: 'chk-open', sessionId: 'cs_open', status: 'open', description: 'Creator pack: 550 credits' }),
      checkout({ id: 'chk-old', sessionId: 'cs_old', status: 'expired', description: 'Studio pack', expiresAt: dayAgo }),
      checkout({
        id: 'chk-failed',
        sessionId: 'cs_failed',
        status: 'declined',
        description: 'Pro pack: 1,400 credits',
        declineMessage: 'Your card was declined.',
      }),
      checkout({ id: 'chk-paid', status: 'complete', description: 'Starter pack: 100 credits' }),
    ];
    const server = mockServer({
      'GET /config': () => jsonResponse(200, { data: { signupCredits: 50 } }),
      'GET /subscription/current': () => jsonResponse(200, { data: null }),
      'GET /billing/checkouts': () => jsonResponse(200, { data: list }),
      'POST /billing/checkouts/chk-failed/dismiss': () => {
        list = list.filter((c) => c.id !== 'chk-failed');
        return jsonResponse(200, { data: null, message: 'Checkout dismissed' });
      },
    });
    const { user } = renderWithStore(<BillingPage />, { preloadedState: signedInState(makeUser()), route: '/billing' });

    const row = (text: string) => screen.getByText(text).closest('tr')!;
    await screen.findByText('Starter pack: 100 credits');
    expect(screen.queryByText('Not completed')).not.toBeInTheDocument();
    expect(screen.queryByText('Creator pack: 550 credits')).not.toBeInTheDocument();
    expect(screen.queryByText('Studio pack')).not.toBeInTheDocument();

    const failed = row('Pro pack: 1,400 credits');
    expect(within(failed).getByText('Payment failed')).toBeInTheDocument();
    expect(within(failed).getByText('Your card was declined.')).toBeInTheDocument();
    expect(within(failed).getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/checkout/cs_failed?pay=1');

    const paid = row('Starter pack: 100 credits');
    expect(within(paid).getByText('Paid')).toBeInTheDocument();
    expect(within(paid).queryByRole('button', { name: /Dismiss/ })).not.toBeInTheDocument();

    await user.click(within(failed).getByRole('button', { name: 'Dismiss Pro pack: 1,400 credits' }));
    expect(await screen.findByText('Checkout dismissed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Pro pack: 1,400 credits')).not.toBeInTheDocument());
    expect(server.callsTo('POST', '/billing/checkouts/chk-failed/dismiss')).toHaveLength(1);
  });
});
