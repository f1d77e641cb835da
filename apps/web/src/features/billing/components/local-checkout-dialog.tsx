import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { formatMoney } from '@atelier/shared';
import { Button, Dialog, Field, Input } from '../../../components/ui';
import { errorMessage } from '../../../lib/errors';
import { useConfirmLocal3dsMutation, usePayLocalMutation } from '../billing-api';
import { formatCardNumber, formatCvc, formatExpiry } from './card-format';

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

type CardField = 'cardNumber' | 'expiry' | 'cvc' | 'name';
type CardErrors = Partial<Record<CardField, string>>;
const EXPIRY = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/;

/** Every field's problem at once, so an empty submit shows them all, not only the first. */
export function validateCard(card: { cardNumber: string; expiry: string; cvc: string; name: string }): CardErrors {
  const errors: CardErrors = {};
  if (!card.cardNumber.trim()) errors.cardNumber = 'Card number is required';
  if (!card.expiry.trim()) errors.expiry = 'Expiry date is required';
  else if (!EXPIRY.test(card.expiry)) errors.expiry = 'Enter the expiry as MM/YY.';
  else if (!(Number(EXPIRY.exec(card.expiry)![1]) >= 1 && Number(EXPIRY.exec(card.expiry)![1]) <= 12)) {
    errors.expiry = 'The expiry month is 01 to 12.';
  }
  if (!card.cvc.trim()) errors.cvc = 'CVC is required';
  else if (!/^\d{3,4}$/.test(card.cvc.trim())) errors.cvc = 'Your card’s security code is invalid.';
  if (!card.name.trim()) errors.name = 'Name on card is required';
  return errors;
}

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
  const [fieldErrors, setFieldErrors] = useState<CardErrors>({});
  const [needsAuth, setNeedsAuth] = useState(false);

  if (!target) return null;
  const price = formatMoney(target.amount, target.currency);

  const finish = () => navigate(`/checkout/${encodeURIComponent(target.sessionId)}`);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const problems = validateCard({ cardNumber, expiry, cvc, name });
    setFieldErrors(problems);
    const firstInvalid = (['cardNumber', 'expiry', 'cvc', 'name'] as const).find((f) => problems[f]);
    if (firstInvalid) {
      (event.currentTarget as HTMLFormElement).querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    const match = EXPIRY.exec(expiry)!;
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
          {/* Placeholders show the shape of a value, never one that could pass for a filled-in card. */}
          <Field label="Card number" isRequired error={fieldErrors.cardNumber}>
            <Input
              name="cardNumber"
              value={cardNumber}
              onChange={(e) => setCardNumber(formatCardNumber(e.target.value))}
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="1234 1234 1234 1234"
            />
          </Field>
          <div className="billing-card-row">
            <Field label="Expiry (MM/YY)" isRequired error={fieldErrors.expiry}>
              <Input
                name="expiry"
                value={expiry}
                onChange={(e) => setExpiry(formatExpiry(e.target.value, expiry))}
                inputMode="numeric"
                autoComplete="cc-exp"
                placeholder="MM / YY"
              />
            </Field>
            <Field label="CVC" isRequired error={fieldErrors.cvc}>
              <Input
                name="cvc"
                value={cvc}
                onChange={(e) => setCvc(formatCvc(e.target.value))}
                inputMode="numeric"
                autoComplete="cc-csc"
                placeholder="CVC"
              />
            </Field>
          </div>
          <Field label="Name on card" isRequired error={fieldErrors.name}>
            <Input
              name="name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              autoComplete="cc-name"
              placeholder="Full name"
            />
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
