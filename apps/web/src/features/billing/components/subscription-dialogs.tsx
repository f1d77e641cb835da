import { toast } from '../../../components/ui/toast';
import { MSG, formatMoney, type BillingFrequency, type Plan, type Subscription } from '@atelier/shared';
import { Button, Dialog, Spinner } from '../../../components/ui';
import { errorMessage } from '../../../lib/errors';
import {
  useCancelSubscriptionMutation,
  useChangeFrequencyMutation,
  useChangePlanMutation,
  usePreviewPlanChangeQuery,
} from '../billing-api';
import { formatDay } from '../billing-format';

const per = (frequency: BillingFrequency) => (frequency === 'yearly' ? 'a year' : 'a month');
const every = (frequency: BillingFrequency) => (frequency === 'yearly' ? 'every year' : 'every month');
const credits = (n: number) => `${n.toLocaleString('en-US')} credit${n === 1 ? '' : 's'}`;
export const planPrice = (plan: Plan, frequency: BillingFrequency) =>
  frequency === 'yearly' ? plan.priceYearly : plan.priceMonthly;
export const planCredits = (plan: Plan, frequency: BillingFrequency) =>
  frequency === 'yearly' ? plan.creditsPerPeriod * 12 : plan.creditsPerPeriod;

/**
 * The confirmation of a plan change, from the server's preview: the new price, what is due now
 * (an upgrade's prorated difference) or from when the change applies (anything else), and what
 * happens to credits. Confirming sends the amount shown, so nothing else is ever charged. A
 * Stripe-billed plan shows Stripe's proration as an estimate on the next invoice.
 */
export function PlanChangeDialog({ plan, onClose }: { plan: Plan | null; onClose: () => void }) {
  const preview = usePreviewPlanChangeQuery(plan?.id ?? '', { skip: !plan, refetchOnMountOrArgChange: true });
  const [changePlan, changeState] = useChangePlanMutation();
  if (!plan) return null;
  const p = preview.data?.plan.id === plan.id ? preview.data : undefined;

  const confirm = async () => {
    if (!p) return;
    try {
      const reply = await changePlan({ planId: plan.id, expectedAmount: p.amountDue }).unwrap();
      toast.success(reply.message || MSG.subscription.planChanged);
      onClose();
    } catch (err) {
      toast.error(errorMessage(err, MSG.subscription.changePlanFailed));
      void preview.refetch();
    }
  };

  const isNow = p?.timing === 'now';
  const startDay = p ? formatDay(p.periodEnd) : '';
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={`Switch to ${plan.name}`}
      size="sm"
      footer={
        <div className="cluster billing-dialog-actions">
          <Button variant="secondary" onClick={onClose}>
            Keep current plan
          </Button>
          <Button onClick={() => void confirm()} disabled={!p} isLoading={changeState.isLoading}>
            {!p
              ? 'Switch plan'
              : p.estimated
                ? 'Switch now'
                : isNow
                  ? `Pay ${formatMoney(p.amountDue, p.currency)} and switch`
                  : `Switch on ${startDay}`}
          </Button>
        </div>
      }
    >
      {preview.error ? (
        <p role="alert" className="billing-error">
          {errorMessage(preview.error, MSG.subscription.changePlanFailed)}
        </p>
      ) : !p ? (
        <Spinner label="Working out the price" />
      ) : (
        <dl className="billing-summary">
          <dt>New price</dt>
          <dd>
            {formatMoney(p.newPrice, p.currency)} {per(p.frequency)}, from {startDay}
          </dd>
          <dt>{p.estimated ? 'On your next invoice' : 'Due now'}</dt>
          <dd>
            {p.estimated ? (
              <>
                <strong>About {formatMoney(p.amountDue, p.currency)}</strong>
                <span className="billing-hint">
                  {' '}
                  — the difference for the time left in this period, which Stripe works out to the second and adds to
                  your next invoice. {plan.name} starts now.
                </span>
              </>
            ) : isNow ? (
              <>
                <strong>{formatMoney(p.amountDue, p.currency)}</strong>
                <span className="billing-hint">
                  {' '}
                  — the difference for the {p.daysLeft} of {p.daysInPeriod} days left in this period, charged to your
                  saved card. {plan.name} starts now.
                </span>
              </>
            ) : (
              <>
                <strong>Nothing</strong>
                <span className="billing-hint">
                  {' '}
                  — {p.currentPlan ? `${p.currentPlan.name} stays` : 'Your plan stays'} until {startDay}; {plan.name}{' '}
                  starts then.
                </span>
              </>
            )}
          </dd>
          <dt>Credits</dt>
          <dd>
            {p.estimated
              ? `You keep the credits you have. ${credits(p.creditsPerPeriod)} ${every(p.frequency)} with each paid period, from your next invoice.`
              : isNow
                ? `${credits(p.creditsNow)} now for the rest of this period, then ${credits(p.creditsPerPeriod)} ${every(p.frequency)}.`
                : `You keep the credits you have. From ${startDay}: ${credits(p.creditsPerPeriod)} ${every(p.frequency)}.`}
          </dd>
        </dl>
      )}
    </Dialog>
  );
}

/** Cancelling says until when the plan runs, and that credits stay. */
export function CancelSubscriptionDialog({ sub, onClose }: { sub: Subscription | null; onClose: () => void }) {
  const [cancel, cancelState] = useCancelSubscriptionMutation();
  if (!sub) return null;
  const until = formatDay(sub.currentPeriodEnd);
  const confirm = async () => {
    try {
      const reply = await cancel().unwrap();
      toast.success(reply.message || MSG.subscription.canceled);
      onClose();
    } catch (err) {
      toast.error(errorMessage(err, MSG.subscription.cancelFailed));
    }
  };
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title="Cancel your subscription?"
      size="sm"
      footer={
        <div className="cluster billing-dialog-actions">
          <Button variant="secondary" onClick={onClose}>
            Keep subscription
          </Button>
          <Button variant="danger" onClick={() => void confirm()} isLoading={cancelState.isLoading}>
            Cancel on {until}
          </Button>
        </div>
      }
    >
      <div className="stack">
        <p>
          Your {sub.plan ? `${sub.plan.name} plan` : 'subscription'} runs until <strong>{until}</strong>. After that it
          is not renewed: nothing more is charged and no new credits are added.
          {sub.pendingPlan ? ` The switch to ${sub.pendingPlan.name} will not happen.` : ''}
        </p>
        <p>The credits you have stay yours. You can reactivate any time before {until}.</p>
      </div>
    </Dialog>
  );
}

/** A switch of billing frequency starts at the next renewal; the dialog says when and at what price. */
export function FrequencyDialog({
  sub,
  frequency,
  onClose,
}: {
  sub: Subscription;
  frequency: BillingFrequency | null;
  onClose: () => void;
}) {
  const [changeFrequency, state] = useChangeFrequencyMutation();
  if (!frequency) return null;
  const plan = sub.pendingPlan ?? sub.plan;
  const from = formatDay(sub.currentPeriodEnd);
  const confirm = async () => {
    try {
      const reply = await changeFrequency(frequency).unwrap();
      toast.success(reply.message || MSG.subscription.frequencyChanged);
      onClose();
    } catch (err) {
      toast.error(errorMessage(err, MSG.subscription.changeFrequencyFailed));
    }
  };
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={`Switch to ${frequency} billing?`}
      size="sm"
      footer={
        <div className="cluster billing-dialog-actions">
          <Button variant="secondary" onClick={onClose}>
            Keep {sub.billingFrequency} billing
          </Button>
          <Button onClick={() => void confirm()} isLoading={state.isLoading}>
            Switch on {from}
          </Button>
        </div>
      }
    >
      <p>
        Nothing is charged now. From {from} you are billed{' '}
        {plan ? (
          <>
            {formatMoney(planPrice(plan, frequency), plan.currency)} {per(frequency)}, with{' '}
            {credits(planCredits(plan, frequency))} {every(frequency)}.
          </>
        ) : (
          `${frequency}.`
        )}
      </p>
    </Dialog>
  );
}
