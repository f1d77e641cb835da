import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, mockServer, renderWithStore, signedInState } from '../../../testing/render-with-store';
import { BuyCredits } from './buy-credits';
import { CheckoutPage } from '../pages/checkout-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const products = [
  {
    id: 'p1',
    name: 'Starter pack',
    credits: 100,
    bonusCredits: 0,
    price: 500,
    currency: 'usd',
    isActive: true,
    sortOrder: 1,
    stripePriceId: null,
  },
  {
    id: 'p2',
    name: 'Creator pack',
    credits: 500,
    bonusCredits: 50,
    price: 2000,
    currency: 'usd',
    isActive: true,
    sortOrder: 2,
    stripePriceId: null,
  },
];
const pricing = {
  pricePerCredit: 5,
  currency: 'usd',
  minCredits: 50,
  maxCredits: 100000,
  tiers: [{ minCredits: 1000, discountPercent: 5 }],
};

function session(status: string, balance: number, creditsGranted: number) {
  return {
    data: {
      status,
      creditsGranted,
      balance,
      checkout: {
        id: 'chk-1',
        sessionId: 'cs_local_1',
        kind: 'credits',
        description: 'Creator pack: 500 + 50 bonus credits',
        credits: 550,
        amount: 2000,
        currency: 'usd',
        status,
        declineMessage: null,
        createdAt: '2025-03-01T10:00:00.000Z',
        expiresAt: '2025-03-02T10:00:00.000Z',
        completedAt: status === 'complete' ? '2025-03-01T10:01:00.000Z' : null,
      },
    },
  };
}

function renderBuy(routes: Parameters<typeof mockServer>[0]) {
  const server = mockServer({
    'GET /credits/products': () => jsonResponse(200, { data: products }),
    'GET /credits/pricing': () => jsonResponse(200, { data: pricing }),
    ...routes,
  });
  const view = renderWithStore(
    <Routes>
      <Route path="/credits" element={<BuyCredits />} />
      <Route path="/checkout/:sessionId" element={<CheckoutPage />} />
    </Routes>,
    { preloadedState: signedInState(makeUser({ credits: 10 })), route: '/credits' },
  );
  return { ...view, server };
}

describe('BuyCredits', () => {
  it('prices a custom amount live with the discount, once typing stops', async () => {
    const { user, server } = renderBuy({
      'POST /credits/calculate-price': (call) => {
        const credits = (call.body as { credits: number }).credits;
        const subtotal = credits * 5;
        const discount = credits >= 1000 ? Math.floor((subtotal * 5 + 50) / 100) : 0;
        return jsonResponse(200, {
          data: {
            credits,
            unitPrice: 5,
            subtotal,
            discountPercent: credits >= 1000 ? 5 : 0,
            discount,
            total: subtotal - discount,
            currency: 'usd',
          },
        });
      },
    });
    await screen.findByText('Starter pack');
    await user.type(screen.getByLabelText('Credits'), '1000');
    expect(await screen.findByTestId('custom-total')).toHaveTextContent('$47.50');
    expect(screen.getByText('Volume discount (5%)')).toBeInTheDocument();
    expect(screen.getByText('−$2.50')).toBeInTheDocument();
    // Debounced: one calculation for the whole typed number.
    expect(server.callsTo('POST', '/credits/calculate-price').map((c) => c.body)).toEqual([{ credits: 1000 }]);
    expect(screen.getByRole('button', { name: 'Buy 1,000 credits' })).toBeEnabled();
  });

  it('shows the spec toast when the price cannot be calculated', async () => {
    const { user } = renderBuy({ 'POST /credits/calculate-price': () => jsonResponse(500, { statusCode: 500 }) });
    await screen.findByText('Starter pack');
    await user.type(screen.getByLabelText('Credits'), '200');
    expect(await screen.findByText('Failed to calculate price')).toBeInTheDocument();
  });

  it('buys a pack through the embedded checkout with 3-D Secure and shows the new balance', async () => {
    let isPaid = false;
    const { user, server, store } = renderBuy({
      'POST /credits/embedded-checkout': () =>
        jsonResponse(200, { data: { sessionId: 'cs_local_1', clientSecret: 'cs_local_1_secret_x' } }),
      'POST /payments/local/sessions/cs_local_1/pay': () =>
        jsonResponse(200, { data: { status: 'requires_action', requiresAction: true, sessionId: 'cs_local_1' } }),
      'POST /payments/local/sessions/cs_local_1/confirm-3ds': () => {
        isPaid = true;
        return jsonResponse(200, { data: { status: 'paid', requiresAction: false, sessionId: 'cs_local_1' } });
      },
      'GET /credits/session/cs_local_1': () =>
        jsonResponse(200, isPaid ? session('complete', 560, 550) : session('open', 10, 0)),
    });
    await user.click(await screen.findByRole('button', { name: 'Buy Creator pack' }));
    const dialog = await screen.findByRole('dialog', { name: 'Checkout' });
    expect(
      within(dialog).getByText(
        /4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined; 4000 0025 0000 3155 asks for 3-D Secure/,
      ),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Card number/), '4000 0025 0000 3155');
    await user.type(within(dialog).getByLabelText(/Expiry/), '12/34');
    await user.type(within(dialog).getByLabelText(/CVC/), '123');
    await user.type(within(dialog).getByLabelText(/Name on card/), 'Ada Lovelace');
    await user.click(within(dialog).getByRole('button', { name: 'Pay $20.00' }));
    expect(server.callsTo('POST', '/payments/local/sessions/cs_local_1/pay')[0]?.body).toEqual({
      cardNumber: '4000 0025 0000 3155',
      expMonth: 12,
      expYear: 2034,
      cvc: '123',
      name: 'Ada Lovelace',
    });
    await user.click(await screen.findByRole('button', { name: 'Approve payment' }));
    expect(await screen.findByRole('heading', { name: 'Payment complete' })).toBeInTheDocument();
    expect(screen.getByText('550 credits were added to your balance.')).toBeInTheDocument();
    expect(screen.getByText('560 credits')).toBeInTheDocument();
    await waitFor(() => expect(store.getState().auth.user?.credits).toBe(560));
  });

  it('shows a decline in the dialog and grants nothing', async () => {
    const { user } = renderBuy({
      'POST /credits/embedded-checkout': () =>
        jsonResponse(200, { data: { sessionId: 'cs_local_1', clientSecret: 's' } }),
      'POST /payments/local/sessions/cs_local_1/pay': () =>
        jsonResponse(402, { statusCode: 402, message: 'Your card was declined.' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Buy Starter pack' }));
    const dialog = await screen.findByRole('dialog', { name: 'Checkout' });
    await user.type(within(dialog).getByLabelText(/Card number/), '4000 0000 0000 0002');
    await user.type(within(dialog).getByLabelText(/Expiry/), '12/34');
    await user.type(within(dialog).getByLabelText(/CVC/), '123');
    await user.type(within(dialog).getByLabelText(/Name on card/), 'Ada');
    await user.click(within(dialog).getByRole('button', { name: 'Pay $5.00' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your card was declined.');
  });

  it('shows every missing field at once on an empty submit, and placeholders that cannot pass for a card', async () => {
    const { user, server } = renderBuy({
      'POST /credits/embedded-checkout': () =>
        jsonResponse(200, { data: { sessionId: 'cs_local_1', clientSecret: 's' } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Buy Starter pack' }));
    const dialog = await screen.findByRole('dialog', { name: 'Checkout' });
    const number = within(dialog).getByLabelText(/Card number/);
    expect(number).toHaveAttribute('placeholder', '1234 1234 1234 1234');
    expect(within(dialog).getByLabelText(/Expiry/)).toHaveAttribute('placeholder', 'MM / YY');

    await user.click(within(dialog).getByRole('button', { name: 'Pay $5.00' }));
    for (const text of [
      'Card number is required',
      'Expiry date is required',
      'CVC is required',
      'Name on card is required',
    ]) {
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    }
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(number).toHaveFocus();
    expect(server.callsTo('POST', '/payments/local/sessions/cs_local_1/pay')).toHaveLength(0);

    await user.type(number, '4242 4242 4242 4242');
    await user.type(within(dialog).getByLabelText(/Expiry/), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Pay $5.00' }));
    expect(within(dialog).queryByText('Card number is required')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Enter the expiry as MM/YY.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Expiry/)).toHaveFocus();
  });

  it('formats the card as it is typed: the number in fours, 1230 becomes 12/30', async () => {
    const { user, server } = renderBuy({
      'POST /credits/embedded-checkout': () =>
        jsonResponse(200, { data: { sessionId: 'cs_local_1', clientSecret: 's' } }),
      'POST /payments/local/sessions/cs_local_1/pay': () =>
        jsonResponse(200, { data: { status: 'paid', requiresAction: false, sessionId: 'cs_local_1' } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Buy Starter pack' }));
    const dialog = await screen.findByRole('dialog', { name: 'Checkout' });
    const number = within(dialog).getByLabelText(/Card number/);
    const expiry = within(dialog).getByLabelText(/Expiry/);
    await user.type(number, '4242424242424242');
    expect(number).toHaveValue('4242 4242 4242 4242');
    await user.type(expiry, '1230');
    expect(expiry).toHaveValue('12/30');
    await user.type(within(dialog).getByLabelText(/CVC/), '12x3');
    expect(within(dialog).getByLabelText(/CVC/)).toHaveValue('123');
    await user.type(within(dialog).getByLabelText(/Name on card/), 'Ada');
    await user.click(within(dialog).getByRole('button', { name: 'Pay $5.00' }));
    await waitFor(() => expect(server.callsTo('POST', '/payments/local/sessions/cs_local_1/pay')).toHaveLength(1));
    expect(server.callsTo('POST', '/payments/local/sessions/cs_local_1/pay')[0]?.body).toMatchObject({
      cardNumber: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
    });
  });

  it('re-checks a pending checkout with “My purchase didn’t arrive”', async () => {
    let checks = 0;
    const server = mockServer({
      'GET /credits/session/cs_local_1': () => {
        checks += 1;
        return jsonResponse(200, checks === 1 ? session('open', 10, 0) : session('complete', 560, 550));
      },
    });
    const { user } = renderWithStore(
      <Routes>
        <Route path="/checkout/:sessionId" element={<CheckoutPage />} />
      </Routes>,
      { preloadedState: signedInState(makeUser({ credits: 10 })), route: '/checkout/cs_local_1' },
    );
    expect(await screen.findByRole('heading', { name: 'Waiting for payment' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'My purchase didn’t arrive' }));
    expect(await screen.findByRole('heading', { name: 'Payment complete' })).toBeInTheDocument();
    expect(server.callsTo('GET', '/credits/session/cs_local_1').length).toBeGreaterThanOrEqual(2);
  });
});
