import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { formatMoney } from '@atelier/shared';
import { Button, Dialog, Field, Input } from '../../../components/ui';
import { errorMessage } from '../../../app/errors';
import { useConfirmLocal3dsMutation, usePayLocalMutation } from '../billing-api';

export interface CheckoutTarget {
  sessionId: string;
  /** What is being bought, e.g. "Creator pack: 500 + 50 bonus credits". */
  description: string;
  amount: number;
  currency: string;
  /** The provider session's secret; Stripe's embedded checkout needs it, the local form does not. */
  clientSecret?: string;
}

export const TEST_CARD_HINT =
  'Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined; 4000 0025 0000 3155 asks for 3-D Secure. Use any future expiry and any 3-digit CVC.';

const PAY_FAILED = 'The payment could not be completed. Please try again.';

/** The embedded local checkout: a card form, then a 3-D Secure step when the card asks for one. */
export function LocalCheckoutDialog({ target, onClose }: { target: CheckoutTarget | null; onClose: () => void }) {
  const navigate = useNavigate();
  const [pay, payState] = usePayLocalMutation();
  const [confirm3ds, confirmState] = useConfirmLocal3dsMutation();
  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [needsAuth, setNeedsAuth] = useState(false);

  if (!target) return null;
  const price = formatMoney(target.amount, target.currency);

  const finish = () => navigate(`/checkout/${encodeURIComponent(target.sessionId)}`);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
    if (!match) {
      setError('Enter the expiry as MM/YY.');
      return;
    }
    const year = Number(match[2]!.length === 2 ? `20${match[2]}` : match[2]);
    try {
      const result = await pay({
        sessionId: target.sessionId,
        card: { cardNumber, expMonth: Number(match[1]), expYear: year, cvc, name },
      }).unwrap();
      if (result.requiresAction) setNeedsAuth(true);
      else finish();
    } catch (err) {
      setError(errorMessage(err, PAY_FAILED));
    }
  };

  const authenticate = async (approve: boolean) => {
    setError(null);
    try {
      await confirm3ds({ sessionId: target.sessionId, approve }).unwrap();
      finish();
    } catch (err) {
      setNeedsAuth(false);
      setError(errorMessage(err, PAY_FAILED));
    }
  };

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={needsAuth ? '3-D Secure authentication' : 'Checkout'}
      description={`${target.description} — ${price}`}
      size="md"
    >
      {needsAuth ? (
        <div className="stack">
          <p>
            Your bank asks you to confirm this payment of {price}. This test step lets you approve or fail the
            authentication.
          </p>
          <div className="cluster">
            <Button onClick={() => void authenticate(true)} isLoading={confirmState.isLoading}>
              Approve payment
            </Button>
            <Button variant="secondary" onClick={() => void authenticate(false)} disabled={confirmState.isLoading}>
              Fail authentication
            </Button>
          </div>
        </div>
      ) : (
        <form className="stack billing-card-form" onSubmit={(e) => void submit(e)} noValidate>
          <Field label="Card number" isRequired>
            <Input
              value={cardNumber}
              onChange={(e) => setCardNumber(e.target.value)}
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="4242 4242 4242 4242"
            />
          </Field>
          <div className="billing-card-row">
            <Field label="Expiry (MM/YY)" isRequired>
              <Input
                value={expiry}
                onChange={(e) => setExpiry(e.target.value)}
                autoComplete="cc-exp"
                placeholder="12/30"
              />
            </Field>
            <Field label="CVC" isRequired>
              <Input
                value={cvc}
                onChange={(e) => setCvc(e.target.value)}
                inputMode="numeric"
                autoComplete="cc-csc"
                placeholder="123"
              />
            </Field>
          </div>
          <Field label="Name on card" isRequired>
            <Input value={name} onChange={(e) => setName(e.target.value)} autoComplete="cc-name" />
          </Field>
          <p className="billing-hint">{TEST_CARD_HINT}</p>
          <Button type="submit" isFullWidth isLoading={payState.isLoading}>
            Pay {price}
          </Button>
        </form>
      )}
      {error && (
        <p role="alert" className="billing-error">
          {error}
        </p>
      )}
    </Dialog>
  );
}
