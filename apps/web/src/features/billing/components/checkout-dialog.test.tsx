import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockServer, renderWithStore } from '../../../testing/render-with-store';
import { CheckoutDialog } from './checkout-dialog';

// Stripe's libraries would load Stripe.js from the network; the tests only see what we hand them.
const stripeMocks = vi.hoisted(() => ({
  loadStripe: vi.fn(async (key: string) => ({ key })),
  providerOptions: [] as unknown[],
}));
vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripeMocks.loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  EmbeddedCheckoutProvider: ({ options, children }: { options: unknown; children: ReactNode }) => {
    stripeMocks.providerOptions.push(options);
    return <div data-testid="embedded-checkout-provider">{children}</div>;
  },
  EmbeddedCheckout: () => <div>Stripe embedded checkout</div>,
}));

const config = (extra: object) => ({
  data: { googleClientId: null, facebookAppId: null, signupCredits: 50, generationProvider: 'local', ...extra },
});
const target = {
  sessionId: 'cs_test_1',
  clientSecret: 'cs_test_1_secret_x',
  description: 'Creator pack: 500 + 50 bonus credits',
  amount: 2000,
  currency: 'usd',
};

beforeEach(() => {
  stripeMocks.loadStripe.mockClear();
  stripeMocks.providerOptions.length = 0;
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CheckoutDialog', () => {
  it('shows Stripe’s embedded checkout when the server says the provider is Stripe', async () => {
    mockServer({
      'GET /config': () =>
        jsonResponse(200, config({ paymentProvider: 'stripe', stripePublishableKey: 'pk_test_123' })),
    });
    renderWithStore(<CheckoutDialog target={target} onClose={() => undefined} />);
    // The Stripe dialog is its own chunk: it appears once the config and the chunk have loaded.
    const embedded = await screen.findByText('Stripe embedded checkout', undefined, { timeout: 5000 });
    const dialog = screen.getByRole('dialog', { name: 'Checkout' });
    expect(dialog).toContainElement(embedded);
    expect(within(dialog).getByText(/Creator pack: 500 \+ 50 bonus credits/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/Card number/)).not.toBeInTheDocument();
    expect(stripeMocks.loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(stripeMocks.providerOptions.at(-1)).toEqual({ clientSecret: 'cs_test_1_secret_x' });
  });

  it('keeps the local card form, without loading Stripe, when the provider is local', async () => {
    mockServer({
      'GET /config': () => jsonResponse(200, config({ paymentProvider: 'local', stripePublishableKey: null })),
    });
    renderWithStore(<CheckoutDialog target={target} onClose={() => undefined} />);
    expect(await screen.findByLabelText(/Card number/)).toBeInTheDocument();
    expect(screen.queryByText('Stripe embedded checkout')).not.toBeInTheDocument();
    expect(stripeMocks.loadStripe).not.toHaveBeenCalled();
  });
});
