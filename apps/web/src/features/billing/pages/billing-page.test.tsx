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

const plan = (id: string, name: string, priceMonthly: number, creditsPerPeriod: number) => ({
  id,
  name,
  description: '',
  features: [],
  priceMonthly,
  priceYearly: priceMonthly * 10,
  currency: 'usd',
  creditsPerPeriod,
  isActive: true,
  isPopular: false,
  sortOrder: 1,
  stripeProductId: null,
  stripePriceIdMonthly: null,
  stripePriceIdYearly: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});
const starter = plan('a', 'Starter', 900, 300);
const pro = plan('b', 'Pro', 1900, 1000);

function subscription(overrides: object = {}) {
  return {
    id: 's1',
    plan: pro,
    status: 'active',
    billingFrequency: 'monthly',
    currentPeriodStart: '2026-03-01T12:00:00.000Z',
    currentPeriodEnd: '2026-04-01T12:00:00.000Z',
    cancelAtPeriodEnd: false,
    canceledAt: null,
    createdAt: '2026-03-01T12:00:00.000Z',
    pendingPlan: null,
    pendingBillingFrequency: null,
    ...overrides,
  };
}

function renderSubscription(routes: Parameters<typeof mockServer>[0]) {
  const server = mockServer({
    'GET /config': () => jsonResponse(200, { data: { signupCredits: 50 } }),
    'GET /billing/checkouts': () => jsonResponse(200, { data: [] }),
    'GET /plans/active': () => jsonResponse(200, { data: { plans: [starter, pro] } }),
    ...routes,
  });
  const view = renderWithStore(<BillingPage />, { preloadedState: signedInState(makeUser()), route: '/billing' });
  return { server, ...view };
}

describe('Billing: subscription', () => {
  it('confirms a downgrade with the date it starts, then shows both the plan in force and the next one', async () => {
    let sub = subscription();
    const { server, user } = renderSubscription({
      'GET /subscription/current': () => jsonResponse(200, { data: sub }),
      'GET /subscription/change-plan/preview': () =>
        jsonResponse(200, {
          data: {
            plan: starter,
            currentPlan: pro,
            frequency: 'monthly',
            timing: 'renewal',
            effectiveAt: sub.currentPeriodEnd,
            amountDue: 0,
            currency: 'usd',
            newPrice: 900,
            creditsNow: 0,
            creditsPerPeriod: 300,
            periodEnd: sub.currentPeriodEnd,
            daysLeft: 20,
            daysInPeriod: 31,
            estimated: false,
          },
        }),
      'POST /subscription/change-plan': () => {
        sub = subscription({ pendingPlan: starter });
        return jsonResponse(200, { data: sub, message: 'Your subscription plan has been updated' });
      },
    });
    expect(await screen.findByText(/In force now:/)).toHaveTextContent('In force now: Pro, $19.00 a month, 1,000 credits per period.');
    expect(screen.getByText(/^Renews on/)).toHaveTextContent('Renews on April 1, 2026 at $19.00.');
    expect(screen.queryByText(/apply from your next renewal/)).not.toBeInTheDocument();

    await user.selectOptions(await screen.findByLabelText('Change plan'), 'a');
    await user.click(screen.getByRole('button', { name: 'Change plan…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch to Starter' });
    expect(await within(dialog).findByText('Nothing')).toBeInTheDocument();
    expect(within(dialog).getByText('$9.00 a month, from April 1, 2026')).toBeInTheDocument();
    expect(within(dialog).getByText('You keep the credits you have. From April 1, 2026: 300 credits every month.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/subscription/change-plan')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Switch on April 1, 2026' }));
    expect(await screen.findByText('Your subscription plan has been updated')).toBeInTheDocument();
    expect(server.callsTo('POST', '/subscription/change-plan')[0]?.body).toEqual({ planId: 'a', expectedAmount: 0 });

    // The card keeps the plan in force and names the one that starts at renewal.
    expect(await screen.findByTestId('pending-change')).toHaveTextContent(
      'From April 1, 2026: Starter, $9.00 a month, 300 credits per period.',
    );
    expect(screen.getByText(/In force now:/)).toHaveTextContent('In force now: Pro');
    expect(screen.getByText(/^Renews on/)).toHaveTextContent('Renews on April 1, 2026 at $9.00.');
    expect(screen.getByRole('button', { name: 'Stay on Pro' })).toBeInTheDocument();
  });

  it('asks before cancelling and says until when the plan runs', async () => {
    let sub = subscription();
    const { server, user } = renderSubscription({
      'GET /subscription/current': () => jsonResponse(200, { data: sub }),
      'POST /subscription/cancel': () => {
        sub = subscription({ cancelAtPeriodEnd: true });
        return jsonResponse(200, { data: sub, message: 'Subscription will be canceled at the end of the billing period' });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your subscription?' });
    expect(dialog).toHaveTextContent('Your Pro plan runs until April 1, 2026.');
    expect(dialog).toHaveTextContent('The credits you have stay yours.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep subscription' }));
    expect(server.callsTo('POST', '/subscription/cancel')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    const again = await screen.findByRole('dialog', { name: 'Cancel your subscription?' });
    await user.click(within(again).getByRole('button', { name: 'Cancel on April 1, 2026' }));
    expect(await screen.findByText('Subscription will be canceled at the end of the billing period')).toBeInTheDocument();
    expect(await screen.findByText('Ends on April 1, 2026; it will not renew.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/subscription/cancel')).toHaveLength(1);
  });

  it('confirms a switch of billing with its date and price', async () => {
    const { server, user } = renderSubscription({
      'GET /subscription/current': () => jsonResponse(200, { data: subscription() }),
      'POST /subscription/change-frequency': () =>
        jsonResponse(200, { data: subscription({ pendingBillingFrequency: 'yearly' }), message: 'Your billing frequency has been updated' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Switch to yearly billing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch to yearly billing?' });
    expect(dialog).toHaveTextContent('Nothing is charged now. From April 1, 2026 you are billed $190.00 a year, with 12,000 credits every year.');
    await user.click(within(dialog).getByRole('button', { name: 'Switch on April 1, 2026' }));
    expect(await screen.findByText('Your billing frequency has been updated')).toBeInTheDocument();
    expect(server.callsTo('POST', '/subscription/change-frequency')[0]?.body).toEqual({ frequency: 'yearly' });
  });
});
