import { EmbeddedCheckout, EmbeddedCheckoutProvider } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { formatMoney } from '@atelier/shared';
import { Dialog } from '../../../components/ui';
import type { CheckoutTarget } from './local-checkout-dialog';

// Stripe.js is fetched once per key, and only when a Stripe checkout is first shown.
const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    loaded.set(publishableKey, promise);
  }
  return promise;
}

/**
 * Stripe's embedded checkout in our checkout dialog. When the payment completes Stripe sends the
 * customer to the session's return page (/checkout/:sessionId), which reconciles and shows the grant.
 */
export default function StripeCheckoutDialog({
  target,
  publishableKey,
  onClose,
}: {
  target: CheckoutTarget & { clientSecret: string };
  publishableKey: string;
  onClose: () => void;
}) {
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title="Checkout"
      description={`${target.description} — ${formatMoney(target.amount, target.currency)}`}
      size="lg"
    >
      <div className="billing-stripe-checkout" data-testid="stripe-embedded-checkout">
        <EmbeddedCheckoutProvider stripe={stripeFor(publishableKey)} options={{ clientSecret: target.clientSecret }}>
          <EmbeddedCheckout />
        </EmbeddedCheckoutProvider>
      </div>
    </Dialog>
  );
}
