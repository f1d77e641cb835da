import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../components/ui/toast';
import { MSG, formatMoney, type BillingFrequency, type Plan } from '@atelier/shared';
import { Badge, Button, Card, CheckIcon, Spinner, Tabs } from '../../../components/ui';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { errorMessage } from '../../../lib/errors';
import { uiActions } from '../../ui';
import {
  useGetActivePlansQuery,
  useGetCurrentSubscriptionQuery,
  useSubscriptionCheckoutMutation,
} from '../billing-api';
import { CheckoutDialog } from './checkout-dialog';
import type { CheckoutTarget } from './local-checkout-dialog';
import { PlanChangeDialog } from './subscription-dialogs';

const FREQUENCIES = [
  { id: 'monthly' as const, label: 'Monthly' },
  { id: 'yearly' as const, label: 'Yearly' },
];

/** Plans with a monthly/yearly switch; subscribe, or change plan when already subscribed. */
export function PlanGrid() {
  const dispatch = useAppDispatch();
  const isSignedIn = useAppSelector((s) => s.auth.isAuthenticated && s.auth.user !== null);
  const [frequency, setFrequency] = useState<BillingFrequency>('monthly');
  const plans = useGetActivePlansQuery();
  const current = useGetCurrentSubscriptionQuery(undefined, { skip: !isSignedIn });
  const [checkout, checkoutState] = useSubscriptionCheckoutMutation();
  const [confirmPlan, setConfirmPlan] = useState<Plan | null>(null);
  const [target, setTarget] = useState<CheckoutTarget | null>(null);
  const subscription = isSignedIn ? (current.data ?? null) : null;

  const choose = async (plan: Plan) => {
    if (!isSignedIn) {
      dispatch(uiActions.authModalOpened('login'));
      return;
    }
    if (subscription) {
      // A change of plan moves money: it is confirmed first, with its price and when it starts.
      setConfirmPlan(plan);
      return;
    }
    try {
      const session = await checkout({ planId: plan.id, frequency }).unwrap();
      const amount = frequency === 'yearly' ? plan.priceYearly : plan.priceMonthly;
      setTarget({
        sessionId: session.sessionId,
        clientSecret: session.clientSecret,
        description: `${plan.name} plan (${frequency})`,
        amount,
        currency: plan.currency,
      });
    } catch (err) {
      toast.error(errorMessage(err, MSG.subscription.embeddedCheckoutFailed));
    }
  };

  return (
    <section className="billing-plans" aria-labelledby="plans-title">
      <div className="billing-plans__head">
        <h2 id="plans-title">Plans</h2>
        {subscription && <Link to="/billing">Manage your subscription</Link>}
        <Tabs label="Billing frequency" tabs={FREQUENCIES} selected={frequency} onSelect={setFrequency} />
      </div>
      {plans.isLoading ? (
        // As tall as the plans it waits for, so what follows does not jump when they arrive.
        <div className="billing-loading billing-loading--plans">
          <Spinner label="Loading plans" />
        </div>
      ) : plans.error ? (
        <p role="alert" className="billing-error">
          {errorMessage(plans.error, MSG.plans.fetchActiveFailed)}
        </p>
      ) : (
        <ul className="billing-plan-list">
          {(plans.data ?? []).map((plan) => {
            const isCurrent = subscription?.plan?.id === plan.id;
            const price = frequency === 'yearly' ? plan.priceYearly : plan.priceMonthly;
            return (
              <li key={plan.id}>
                <Card
                  className={`billing-plan${plan.isPopular ? ' billing-plan--popular' : ''}`}
                  aria-label={`${plan.name} plan`}
                >
                  <div className="cluster">
                    <h3>{plan.name}</h3>
                    {plan.isPopular && <Badge tone="accent">Popular</Badge>}
                    {isCurrent && <Badge tone="success">Current plan</Badge>}
                  </div>
                  <p className="billing-plan__price">
                    <strong>{formatMoney(price, plan.currency)}</strong> / {frequency === 'yearly' ? 'year' : 'month'}
                  </p>
                  <p className="billing-hint">
                    {(frequency === 'yearly' ? plan.creditsPerPeriod * 12 : plan.creditsPerPeriod).toLocaleString(
                      'en-US',
                    )}{' '}
                    credits per {frequency === 'yearly' ? 'year' : 'month'}
                  </p>
                  {plan.description && <p>{plan.description}</p>}
                  <ul className="fact-list">
                    {plan.features.map((f) => (
                      <li key={f}>
                        <CheckIcon size={16} />
                        <span>{f}</span>
                      </li>
                    ))}
                  </ul>
                  <Button
                    variant={plan.isPopular ? 'primary' : 'secondary'}
                    disabled={isCurrent || checkoutState.isLoading}
                    onClick={() => void choose(plan)}
                  >
                    {isCurrent ? 'Your plan' : subscription ? 'Change plan' : 'Subscribe'}
                  </Button>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
      <CheckoutDialog target={target} onClose={() => setTarget(null)} />
      <PlanChangeDialog plan={confirmPlan} onClose={() => setConfirmPlan(null)} />
    </section>
  );
}
