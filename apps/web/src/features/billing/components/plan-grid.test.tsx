import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, mockServer, renderWithStore, signedInState } from '../../../testing/render-with-store';
import { PlanGrid } from './plan-grid';

afterEach(() => {
  vi.unstubAllGlobals();
});

const plan = (id: string, name: string, priceMonthly: number, creditsPerPeriod: number, isPopular = false) => ({
  id,
  name,
  description: `${name} description`,
  features: [`${name} feature`],
  priceMonthly,
  priceYearly: priceMonthly * 10,
  currency: 'usd',
  creditsPerPeriod,
  isActive: true,
  isPopular,
  sortOrder: 1,
  stripeProductId: null,
  stripePriceIdMonthly: null,
  stripePriceIdYearly: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});
const plans = [plan('a', 'Starter', 900, 300), plan('b', 'Pro', 1900, 1000, true)];

describe('PlanGrid', () => {
  it('switches between monthly and yearly prices', async () => {
    mockServer({ 'GET /plans/active': () => jsonResponse(200, { data: { plans } }) });
    const { user } = renderWithStore(<PlanGrid />);
    const pro = await screen.findByLabelText('Pro plan');
    expect(within(pro).getByText('$19.00')).toBeInTheDocument();
    expect(within(pro).getByText('1,000 credits per month')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Yearly' }));
    expect(within(pro).getByText('$190.00')).toBeInTheDocument();
    expect(within(pro).getByText('12,000 credits per year')).toBeInTheDocument();
  });

  it('asks a signed-out visitor to sign in before subscribing', async () => {
    mockServer({ 'GET /plans/active': () => jsonResponse(200, { data: { plans } }) });
    const { user, store } = renderWithStore(<PlanGrid />);
    const starter = await screen.findByLabelText('Starter plan');
    await user.click(within(starter).getByRole('button', { name: 'Subscribe' }));
    expect(store.getState().ui.authModal).toEqual({ isOpen: true, mode: 'login', intent: null });
  });

  /** A Starter subscriber's server: the subscription, the preview of a switch to Pro, and the switch. */
  const onStarter = (preview: { estimated: boolean }) => ({
    'GET /subscription/current': () =>
      jsonResponse(200, {
        data: {
          id: 's1',
          plan: plans[0],
          status: 'active',
          billingFrequency: 'monthly',
          currentPeriodStart: '2025-03-01T00:00:00.000Z',
          currentPeriodEnd: '2025-04-01T00:00:00.000Z',
          cancelAtPeriodEnd: false,
          canceledAt: null,
          createdAt: '2025-03-01T00:00:00.000Z',
          pendingPlan: null,
          pendingBillingFrequency: null,
        },
      }),
    'GET /subscription/change-plan/preview': () =>
      jsonResponse(200, {
        data: {
          plan: plans[1],
          currentPlan: plans[0],
          frequency: 'monthly',
          timing: 'now',
          effectiveAt: '2025-03-11T00:00:00.000Z',
          amountDue: 677,
          currency: 'usd',
          newPrice: 1900,
          creditsNow: preview.estimated ? 0 : 474,
          creditsPerPeriod: 1000,
          periodEnd: '2025-04-01T00:00:00.000Z',
          daysLeft: 21,
          daysInPeriod: 31,
          estimated: preview.estimated,
        },
      }),
    'POST /subscription/change-plan': () =>
      jsonResponse(200, { data: { id: 's1' }, message: 'Your subscription plan has been updated' }),
  });

  it('marks the current plan and changes plan after a confirmation with the prorated amount, then the spec toast', async () => {
    const server = mockServer({
      'GET /plans/active': () => jsonResponse(200, { data: { plans } }),
      ...onStarter({ estimated: false }),
    });
    const { user } = renderWithStore(<PlanGrid />, { preloadedState: signedInState(makeUser()) });
    const starter = await screen.findByLabelText('Starter plan');
    expect(await within(starter).findByText('Current plan')).toBeInTheDocument();
    expect(within(starter).getByRole('button', { name: 'Your plan' })).toBeDisabled();
    await user.click(within(await screen.findByLabelText('Pro plan')).getByRole('button', { name: 'Change plan' }));
    // Nothing changes on the click itself: a confirmation shows what it costs.
    const dialog = await screen.findByRole('dialog', { name: 'Switch to Pro' });
    expect(server.callsTo('POST', '/subscription/change-plan')).toHaveLength(0);
    expect(server.callsTo('GET', '/subscription/change-plan/preview')[0]?.search.get('planId')).toBe('b');
    expect(await within(dialog).findByText('$6.77')).toBeInTheDocument();
    expect(within(dialog).getByText(/21 of 31 days left/)).toBeInTheDocument();
    expect(within(dialog).getByText('474 credits now for the rest of this period, then 1,000 credits every month.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Pay $6.77 and switch' }));
    expect(await screen.findByText('Your subscription plan has been updated')).toBeInTheDocument();
    expect(server.callsTo('POST', '/subscription/change-plan')[0]?.body).toEqual({ planId: 'b', expectedAmount: 677 });
  });
  it('shows a Stripe-billed switch as an estimate on the next invoice, with credits from paid periods', async () => {
    const server = mockServer({
      'GET /plans/active': () => jsonResponse(200, { data: { plans } }),
      ...onStarter({ estimated: true }),
    });
    const { user } = renderWithStore(<PlanGrid />, { preloadedState: signedInState(makeUser()) });
    await user.click(within(await screen.findByLabelText('Pro plan')).getByRole('button', { name: 'Change plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch to Pro' });
    expect(await within(dialog).findByText('About $6.77')).toBeInTheDocument();
    expect(within(dialog).getByText('On your next invoice')).toBeInTheDocument();
    expect(within(dialog).getByText(/Stripe works out to the second/)).toBeInTheDocument();
    expect(within(dialog).queryByText(/credits now/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Switch now' }));
    expect(await screen.findByText('Your subscription plan has been updated')).toBeInTheDocument();
    expect(server.callsTo('POST', '/subscription/change-plan')).toHaveLength(1);
  });
});
