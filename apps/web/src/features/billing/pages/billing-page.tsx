import { useState } from 'react';
import { toast } from '../../../components/ui/toast';
import {
  API_BASE,
  MSG,
  creditsEndpoints,
  formatMoney,
  pathOf,
  type BillingFrequency,
  type CheckoutSummary,
  type Plan,
  type Subscription,
} from '@atelier/shared';
import { SitePageMeta } from '../../../components/site-page-meta';
import { Badge, Button, ButtonLink, Card, EmptyState, Field, Select, Spinner } from '../../../components/ui';
import { tokenStore } from '../../../lib/token-store';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { errorMessage } from '../../../lib/errors';
import { uiActions } from '../../ui';
import {
  useBillingPortalMutation,
  useChangePlanMutation,
  useDismissCheckoutMutation,
  useGetActivePlansQuery,
  useGetCurrentSubscriptionQuery,
  useGetMyCheckoutsQuery,
  useReactivateSubscriptionMutation,
} from '../billing-api';
import {
  CHECKOUT_STATUS_LABELS,
  CHECKOUT_STATUS_TONES,
  SUBSCRIPTION_STATUS_LABELS,
  formatDay,
} from '../billing-format';
import { usePaymentConfig } from '../payment-config';
import {
  CancelSubscriptionDialog,
  FrequencyDialog,
  PlanChangeDialog,
  planCredits,
  planPrice,
} from '../components/subscription-dialogs';
import '../billing.css';

/** /billing — your subscription and your purchases. */
export function BillingPage() {
  const dispatch = useAppDispatch();
  const isSignedIn = useAppSelector((s) => s.auth.isAuthenticated && s.auth.user !== null);
  if (!isSignedIn) {
    return (
      <section className="container billing-page">
        <SitePageMeta path="/billing" />
        <h1>Billing</h1>
        <EmptyState
          title="Sign in to manage billing"
          description="Your subscription and purchases live here."
          action={<Button onClick={() => dispatch(uiActions.authModalOpened('login'))}>Sign in</Button>}
        />
      </section>
    );
  }
  return (
    <section className="container billing-page">
      <SitePageMeta path="/billing" description="Manage your Atelier subscription and see your purchases." />
      <h1>Billing</h1>
      <SubscriptionCard />
      <PurchaseHistory />
    </section>
  );
}

function SubscriptionCard() {
  const { data: sub, error, isLoading } = useGetCurrentSubscriptionQuery();
  if (isLoading) return <Spinner label="Loading subscription" />;
  if (error) {
    return (
      <p role="alert" className="billing-error">
        {errorMessage(error, MSG.subscription.fetchCurrentFailed)}
      </p>
    );
  }
  if (!sub) {
    return (
      <Card as="section" aria-labelledby="sub-title">
        <h2 id="sub-title" className="h4">
          Subscription
        </h2>
        <p>You have no subscription. A plan adds credits every month or year.</p>
        <ButtonLink to="/pricing">See plans</ButtonLink>
      </Card>
    );
  }
  return <SubscriptionDetails sub={sub} />;
}

/**
 * The plan in force (its price, its period) and, when one is set, the plan or billing that starts
 * at renewal. Every change opens a confirmation first.
 */
function SubscriptionDetails({ sub }: { sub: Subscription }) {
  const plans = useGetActivePlansQuery();
  const [reactivate, reactivateState] = useReactivateSubscriptionMutation();
  const [changePlan, keepState] = useChangePlanMutation();
  const [openPortal, portalState] = useBillingPortalMutation();
  const [planId, setPlanId] = useState('');
  const [confirmPlan, setConfirmPlan] = useState<Plan | null>(null);
  const [isCancelling, setIsCancelling] = useState(false);
  const [frequency, setFrequency] = useState<BillingFrequency | null>(null);
  const isStripe = usePaymentConfig().provider === 'stripe';

  const manageBilling = async () => {
    try {
      const { url } = await openPortal().unwrap();
      window.location.assign(url);
    } catch (err) {
      toast.error(errorMessage(err, MSG.subscription.portalFailed));
    }
  };

  const run = async (action: () => Promise<{ message: string }>, success: string, failure: string) => {
    try {
      const reply = await action();
      toast.success(reply.message || success);
    } catch (err) {
      toast.error(errorMessage(err, failure));
    }
  };

  const otherPlans = (plans.data ?? []).filter((p) => p.id !== sub.plan?.id && p.id !== sub.pendingPlan?.id);
  const price = sub.plan ? planPrice(sub.plan, sub.billingFrequency) : null;
  const renewal = formatDay(sub.currentPeriodEnd);
  const nextPlan = sub.pendingPlan ?? sub.plan;
  const nextFrequency = sub.pendingBillingFrequency ?? sub.billingFrequency;
  const hasPendingChange = Boolean(sub.pendingPlan || sub.pendingBillingFrequency) && !sub.cancelAtPeriodEnd;
  const otherFrequency = nextFrequency === 'monthly' ? 'yearly' : 'monthly';

  return (
    <Card as="section" aria-labelledby="sub-title" className="stack">
      <div className="cluster">
        <h2 id="sub-title" className="h4">
          {sub.plan ? `${sub.plan.name} plan` : 'Subscription'}
        </h2>
        <Badge tone={sub.status === 'active' ? 'success' : 'warning'}>{SUBSCRIPTION_STATUS_LABELS[sub.status]}</Badge>
      </div>
      <p>
        {sub.plan && price !== null ? (
          <>
            In force now: <strong>{sub.plan.name}</strong>, {formatMoney(price, sub.plan.currency)}{' '}
            {sub.billingFrequency === 'yearly' ? 'a year' : 'a month'},{' '}
            {planCredits(sub.plan, sub.billingFrequency).toLocaleString('en-US')} credits per period.
          </>
        ) : (
          <>Billed {sub.billingFrequency}.</>
        )}{' '}
        Current period {formatDay(sub.currentPeriodStart)} – {renewal}.
      </p>
      {hasPendingChange && nextPlan && (
        <p className="billing-pending" data-testid="pending-change">
          From {renewal}: <strong>{nextPlan.name}</strong>,{' '}
          {formatMoney(planPrice(nextPlan, nextFrequency), nextPlan.currency)}{' '}
          {nextFrequency === 'yearly' ? 'a year' : 'a month'},{' '}
          {planCredits(nextPlan, nextFrequency).toLocaleString('en-US')} credits per period.{' '}
          {sub.pendingPlan && sub.plan && (
            <Button
              variant="ghost"
              size="sm"
              isLoading={keepState.isLoading}
              onClick={() =>
                void run(
                  () => changePlan({ planId: sub.plan!.id }).unwrap(),
                  MSG.subscription.planChanged,
                  MSG.subscription.changePlanFailed,
                )
              }
            >
              Stay on {sub.plan.name}
            </Button>
          )}
        </p>
      )}
      <p>
        {sub.cancelAtPeriodEnd ? (
          <strong>Ends on {renewal}; it will not renew.</strong>
        ) : nextPlan ? (
          <>
            Renews on {renewal} at {formatMoney(planPrice(nextPlan, nextFrequency), nextPlan.currency)}.
          </>
        ) : (
          <>Next renewal on {renewal}.</>
        )}
      </p>
      {sub.status === 'past_due' && (
        <p className="billing-error">Your last renewal payment failed; we will try your card again.</p>
      )}
      <div className="cluster">
        {sub.cancelAtPeriodEnd ? (
          <Button
            isLoading={reactivateState.isLoading}
            onClick={() =>
              void run(() => reactivate().unwrap(), MSG.subscription.reactivated, MSG.subscription.reactivateFailed)
            }
          >
            Reactivate
          </Button>
        ) : (
          <Button variant="danger" onClick={() => setIsCancelling(true)}>
            Cancel subscription
          </Button>
        )}
        <Button variant="secondary" onClick={() => setFrequency(otherFrequency)}>
          Switch to {otherFrequency} billing
        </Button>
        {isStripe && (
          <Button variant="ghost" isLoading={portalState.isLoading} onClick={() => void manageBilling()}>
            Manage payment details
          </Button>
        )}
      </div>
      {otherPlans.length > 0 && (
        <form
          className="cluster"
          onSubmit={(e) => {
            e.preventDefault();
            const chosen = otherPlans.find((p) => p.id === planId);
            if (chosen) setConfirmPlan(chosen);
          }}
        >
          <Field label="Change plan">
            <Select value={planId} onChange={(e) => setPlanId(e.target.value)}>
              <option value="">Choose a plan</option>
              {otherPlans.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name} — {formatMoney(planPrice(p, sub.billingFrequency), p.currency)}{' '}
                  {sub.billingFrequency === 'yearly' ? 'a year' : 'a month'}
                </option>
              ))}
            </Select>
          </Field>
          <Button type="submit" variant="secondary" disabled={!planId}>
            Change plan…
          </Button>
        </form>
      )}
      <p className="billing-hint">
        {isStripe
          ? 'Plan and billing changes are prorated by Stripe; credits arrive with each paid period.'
          : 'An upgrade starts now and charges the difference for the days left in the period; a downgrade or a switch of billing starts at your next renewal.'}
      </p>
      <PlanChangeDialog plan={confirmPlan} onClose={() => setConfirmPlan(null)} />
      <CancelSubscriptionDialog sub={isCancelling ? sub : null} onClose={() => setIsCancelling(false)} />
      <FrequencyDialog sub={sub} frequency={frequency} onClose={() => setFrequency(null)} />
    </Card>
  );
}

async function downloadHistoryCsv(): Promise<void> {
  const token = tokenStore.access();
  const res = await fetch(`${API_BASE}${pathOf(creditsEndpoints.historyCsv)}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) throw new Error(MSG.credits.fetchHistoryFailed);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'credit-history.csv';
  link.click();
  URL.revokeObjectURL(url);
}

/** A purchase is what was paid for, or a payment that failed; opening a checkout is not one. */
const isPurchase = (c: CheckoutSummary) => c.status === 'complete' || c.status === 'declined';

function PurchaseHistory() {
  const { data: all, error, isLoading } = useGetMyCheckoutsQuery();
  const data = all?.filter(isPurchase);
  const [isExporting, setIsExporting] = useState(false);
  return (
    <Card as="section" aria-labelledby="purchases-title" className="stack">
      <div className="cluster">
        <h2 id="purchases-title" className="h4">
          Purchases
        </h2>
        <Button
          variant="secondary"
          size="sm"
          isLoading={isExporting}
          onClick={() => {
            setIsExporting(true);
            downloadHistoryCsv()
              .catch(() => toast.error(MSG.credits.fetchHistoryFailed))
              .finally(() => setIsExporting(false));
          }}
        >
          Export credit history (CSV)
        </Button>
      </div>
      {isLoading ? (
        <Spinner label="Loading purchases" />
      ) : error ? (
        <p role="alert" className="billing-error">
          {errorMessage(error, MSG.credits.fetchSessionFailed)}
        </p>
      ) : !data || data.length === 0 ? (
        <p>No purchases yet.</p>
      ) : (
        <div className="billing-table-wrap">
          <table className="billing-table stack-table">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Item</th>
                <th scope="col" className="billing-number">
                  Credits
                </th>
                <th scope="col" className="billing-number">
                  Amount
                </th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.map((c) => (
                <PurchaseRow key={c.id} checkout={c} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

/**
 * One purchase: paid, or a payment that failed while its checkout can still be paid (with Try
 * again on our own checkout, and Dismiss). A checkout opened and left is never listed.
 */
function PurchaseRow({ checkout: c }: { checkout: CheckoutSummary }) {
  const payment = usePaymentConfig();
  const [dismiss, { isLoading: isDismissing }] = useDismissCheckoutMutation();
  const isFailed = c.status === 'declined';
  // The local checkout pays on our own page; Stripe's embedded checkout is reopened from where it started.
  const canRetry = isFailed && payment.provider === 'local' && Date.parse(c.expiresAt) > Date.now();
  const onDismiss = async () => {
    try {
      const reply = await dismiss(c.id).unwrap();
      toast.success(reply.message ?? 'Checkout dismissed');
    } catch (err) {
      toast.error(errorMessage(err, 'Could not dismiss this checkout'));
    }
  };
  return (
    <tr>
      <td data-label="Date">{formatDay(c.completedAt ?? c.createdAt)}</td>
      <td data-label="Item">
        {c.description}
        {isFailed && c.declineMessage && <span className="billing-hint"> {c.declineMessage}</span>}
      </td>
      <td className="billing-number" data-label="Credits">
        {c.credits.toLocaleString('en-US')}
      </td>
      <td className="billing-number" data-label="Amount">
        {formatMoney(c.amount, c.currency)}
      </td>
      <td data-label="Status">
        <Badge tone={CHECKOUT_STATUS_TONES[c.status]}>{isFailed ? 'Payment failed' : CHECKOUT_STATUS_LABELS[c.status]}</Badge>
      </td>
      <td>
        {isFailed && (
          <div className="billing-row-actions">
            {canRetry && (
              <ButtonLink to={`/checkout/${encodeURIComponent(c.sessionId)}?pay=1`} size="sm">
                Try again
              </ButtonLink>
            )}
            <Button
              variant="ghost"
              size="sm"
              isLoading={isDismissing}
              aria-label={`Dismiss ${c.description}`}
              onClick={onDismiss}
            >
              Dismiss
            </Button>
          </div>
        )}
      </td>
    </tr>
  );
}
