import { lazy, Suspense } from 'react';
import { Dialog, Spinner } from '../../../components/ui';
import { usePaymentConfig } from '../payment-config';
import { LocalCheckoutDialog, type CheckoutTarget } from './local-checkout-dialog';

// Its own chunk: Stripe's libraries are downloaded only by deployments that use Stripe.
const StripeCheckoutDialog = lazy(() => import('./stripe-checkout-dialog'));

const UNAVAILABLE = 'This payment can no longer be completed here. Please start the purchase again.';

/** The checkout dialog of this deployment: Stripe's embedded checkout, or the local card form. */
export function CheckoutDialog({ target, onClose }: { target: CheckoutTarget | null; onClose: () => void }) {
  const payment = usePaymentConfig();
  if (!target) return null;
  if (payment.provider === 'local') {
    if (payment.isLoading) {
      return (
        <Dialog isOpen onClose={onClose} title="Checkout" size="md">
          <Spinner label="Loading checkout" />
        </Dialog>
      );
    }
    return <LocalCheckoutDialog target={target} onClose={onClose} />;
  }
  const clientSecret = target.clientSecret;
  if (!clientSecret) {
    return (
      <Dialog isOpen onClose={onClose} title="Checkout" size="md">
        <p role="alert" className="billing-error">
          {UNAVAILABLE}
        </p>
      </Dialog>
    );
  }
  const loading = (
    <Dialog isOpen onClose={onClose} title="Checkout" size="md">
      <Spinner label="Loading checkout" />
    </Dialog>
  );
  return (
    <Suspense fallback={loading}>
      <StripeCheckoutDialog
        target={{ ...target, clientSecret }}
        publishableKey={payment.publishableKey}
        onClose={onClose}
      />
    </Suspense>
  );
}
