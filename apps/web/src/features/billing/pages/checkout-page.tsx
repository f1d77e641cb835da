import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { MSG, formatMoney } from '@atelier/shared';
import { SitePageMeta } from '../../../components/site-page-meta';
import { Badge, Button, ButtonLink, Card, EmptyState, Spinner } from '../../../components/ui';
import { api } from '../../../lib/api';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { errorMessage } from '../../../lib/errors';
import { uiActions } from '../../ui';
import { useGetCheckoutSessionQuery } from '../billing-api';
import { CheckoutDialog } from '../components/checkout-dialog';
import type { CheckoutTarget } from '../components/local-checkout-dialog';
import { CHECKOUT_STATUS_LABELS, CHECKOUT_STATUS_TONES } from '../billing-format';
import { usePaymentConfig } from '../payment-config';
import '../billing.css';

/** /checkout/:sessionId — the outcome of a checkout, and the new balance. */
export function CheckoutPage() {
  const { sessionId = '' } = useParams();
  const [search] = useSearchParams();
  const dispatch = useAppDispatch();
  const isSignedIn = useAppSelector((s) => s.auth.isAuthenticated && s.auth.user !== null);
  const { data, error, isLoading, isFetching, refetch } = useGetCheckoutSessionQuery(sessionId, {
    skip: !isSignedIn || !sessionId,
  });
  const [target, setTarget] = useState<CheckoutTarget | null>(null);
  const announced = useRef(false);

  useEffect(() => {
    if (data?.status === 'complete' && !announced.current) {
      announced.current = true;
      dispatch(api.util.invalidateTags(['Credits', 'Subscription']));
    }
  }, [data?.status, dispatch]);

  // Stripe's embedded checkout is paid where it was opened; this page is its return page.
  const payment = usePaymentConfig();
  const canPay = payment.provider === 'local' && data && (data.status === 'open' || data.status === 'declined');
  useEffect(() => {
    if (canPay && search.get('pay') === '1' && !target && data) {
      setTarget({
        sessionId,
        description: data.checkout.description,
        amount: data.checkout.amount,
        currency: data.checkout.currency,
      });
    }
    // Depends on canPay only: opened once on arrival from a checkout URL, closing must not reopen it.
  }, [canPay]);

  if (!isSignedIn) {
    return (
      <section className="container billing-page">
        <SitePageMeta path="/checkout/:sessionId" />
        <h1>Checkout</h1>
        <EmptyState
          title="Sign in to see this checkout"
          action={<Button onClick={() => dispatch(uiActions.authModalOpened('login'))}>Sign in</Button>}
        />
      </section>
    );
  }

  return (
    <section className="container billing-page">
      <SitePageMeta path="/checkout/:sessionId" description="The outcome of your Atelier purchase." />
      <h1>Checkout</h1>
      {isLoading ? (
        <Spinner label="Loading checkout" />
      ) : error || !data ? (
        <p role="alert" className="billing-error">
          {errorMessage(error, MSG.credits.fetchSessionFailed)}
        </p>
      ) : (
        <Card className="stack">
          <div className="cluster">
            <h2 className="billing-outcome-title">
              {data.status === 'complete'
                ? 'Payment complete'
                : data.status === 'declined'
                  ? 'Payment declined'
                  : data.status === 'expired'
                    ? 'Checkout expired'
                    : 'Waiting for payment'}
            </h2>
            <Badge tone={CHECKOUT_STATUS_TONES[data.status]}>{CHECKOUT_STATUS_LABELS[data.status]}</Badge>
          </div>
          <p>
            {data.checkout.description} — {formatMoney(data.checkout.amount, data.checkout.currency)}
          </p>
          {data.status === 'complete' && (
            <p>{data.creditsGranted.toLocaleString('en-US')} credits were added to your balance.</p>
          )}
          {data.status === 'declined' && data.checkout.declineMessage && (
            <p className="billing-error">{data.checkout.declineMessage}</p>
          )}
          <p className="billing-balance">
            Your balance: <strong>{data.balance.toLocaleString('en-US')} credits</strong>
          </p>
          <div className="cluster">
            {canPay && (
              <Button
                onClick={() =>
                  setTarget({
                    sessionId,
                    description: data.checkout.description,
                    amount: data.checkout.amount,
                    currency: data.checkout.currency,
                  })
                }
              >
                {data.status === 'declined' ? 'Try another card' : 'Pay now'}
              </Button>
            )}
            {data.status !== 'complete' && (
              <Button variant="secondary" onClick={() => void refetch()} isLoading={isFetching}>
                My purchase didn’t arrive
              </Button>
            )}
            <ButtonLink to="/credits" variant="secondary">
              Go to credits
            </ButtonLink>
            {data.checkout.kind === 'subscription' && (
              <ButtonLink to="/billing" variant="ghost">
                Manage subscription
              </ButtonLink>
            )}
          </div>
          <p className="billing-hint">
            Need help? <Link to="/contact-us">Contact us</Link> with reference {data.checkout.id}.
          </p>
        </Card>
      )}
      <CheckoutDialog
        target={target}
        onClose={() => {
          setTarget(null);
          void refetch();
        }}
      />
    </section>
  );
}
