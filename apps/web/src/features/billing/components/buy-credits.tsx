import { useEffect, useState } from 'react';
import { toast } from '../../../components/ui/toast';
import { formatCount } from '../../../components/format';
import { MSG, formatMoney, type CreditProduct, type PriceCalculation } from '@atelier/shared';
import { Badge, Button, Card, Field, Input, Spinner } from '../../../components/ui';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { errorMessage } from '../../../lib/errors';
import { uiActions } from '../../ui';
import {
  useCalculatePriceMutation,
  useCreateCreditCheckoutMutation,
  useGetCreditPricingQuery,
  useGetCreditProductsQuery,
} from '../billing-api';
import { CheckoutDialog } from './checkout-dialog';
import type { CheckoutTarget } from './local-checkout-dialog';
import '../billing.css';

/** Waits this long after the last keystroke before pricing a custom amount. */
export const PRICE_DEBOUNCE_MS = 400;

/** Credit packs and a custom amount, bought in the embedded local checkout. */
export function BuyCredits({ headingLevel = 'h2' }: { headingLevel?: 'h2' | 'h3' }) {
  const Heading = headingLevel;
  const dispatch = useAppDispatch();
  const isSignedIn = useAppSelector((s) => s.auth.isAuthenticated && s.auth.user !== null);
  const products = useGetCreditProductsQuery();
  const pricing = useGetCreditPricingQuery();
  const [calculate] = useCalculatePriceMutation();
  const [createCheckout, checkoutState] = useCreateCreditCheckoutMutation();
  const [amount, setAmount] = useState('');
  const [quote, setQuote] = useState<PriceCalculation | null>(null);
  const [isQuoting, setIsQuoting] = useState(false);
  const [target, setTarget] = useState<CheckoutTarget | null>(null);

  const credits = Number(amount);
  const min = pricing.data?.minCredits ?? 1;
  const max = pricing.data?.maxCredits ?? Number.MAX_SAFE_INTEGER;
  const isAmountValid = amount !== '' && Number.isInteger(credits) && credits >= min && credits <= max;

  useEffect(() => {
    setQuote(null);
    if (!isAmountValid) return;
    let isCurrent = true;
    const timer = setTimeout(() => {
      setIsQuoting(true);
      calculate(credits)
        .unwrap()
        .then((result) => {
          if (isCurrent) setQuote(result);
        })
        .catch((err: unknown) => {
          if (isCurrent) toast.error(errorMessage(err, MSG.credits.calculatePriceToast));
        })
        .finally(() => {
          if (isCurrent) setIsQuoting(false);
        });
    }, PRICE_DEBOUNCE_MS);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [credits, isAmountValid, calculate]);

  const buy = async (
    body: { productId: string } | { credits: number },
    description: string,
    price: number,
    currency: string,
  ) => {
    if (!isSignedIn) {
      dispatch(uiActions.authModalOpened('login'));
      return;
    }
    try {
      const session = await createCheckout(body).unwrap();
      setTarget({
        sessionId: session.sessionId,
        clientSecret: session.clientSecret,
        description,
        amount: price,
        currency,
      });
    } catch (err) {
      toast.error(errorMessage(err, MSG.credits.createCheckoutToast));
    }
  };

  const buyPack = (p: CreditProduct) =>
    void buy(
      { productId: p.id },
      `${p.name}: ${formatCount(p.credits)}${p.bonusCredits ? ` + ${formatCount(p.bonusCredits)} bonus` : ''} credits`,
      p.price,
      p.currency,
    );

  return (
    <section className="billing-buy" aria-labelledby="buy-credits-title">
      <Heading id="buy-credits-title" className="content-card-title">
        Buy credits
      </Heading>
      {products.isLoading ? (
        <div className="billing-loading billing-loading--packs">
          <Spinner label="Loading credit packs" />
        </div>
      ) : products.error ? (
        <p role="alert" className="billing-error">
          {errorMessage(products.error, MSG.credits.fetchProductsFailed)}
        </p>
      ) : (
        <ul className="billing-packs" aria-label="Credit packs">
          {(products.data ?? []).map((p) => (
            <li key={p.id}>
              <Card className="billing-pack">
                <h3>{p.name}</h3>
                <p className="billing-pack__credits">
                  {p.credits.toLocaleString('en-US')} credits
                  {p.bonusCredits > 0 && <Badge tone="success">+{p.bonusCredits} bonus</Badge>}
                </p>
                <p className="billing-pack__price">{formatMoney(p.price, p.currency)}</p>
                <Button onClick={() => buyPack(p)} disabled={checkoutState.isLoading} aria-label={`Buy ${p.name}`}>
                  Buy
                </Button>
              </Card>
            </li>
          ))}
        </ul>
      )}

      <Card className="billing-custom">
        <h3>Custom amount</h3>
        <Field
          label="Credits"
          hint={
            pricing.data
              ? `Between ${min.toLocaleString('en-US')} and ${max.toLocaleString('en-US')} credits; larger amounts get a volume discount.`
              : undefined
          }
          error={amount !== '' && !isAmountValid ? `Choose a whole number between ${min} and ${max}` : undefined}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={min}
            max={max}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </Field>
        <div aria-live="polite" className="billing-quote">
          {isQuoting && !quote ? (
            <Spinner size="sm" label="Calculating price" />
          ) : quote ? (
            <dl>
              <dt>Subtotal</dt>
              <dd>{formatMoney(quote.subtotal, quote.currency)}</dd>
              {quote.discount > 0 && (
                <>
                  <dt>Volume discount ({quote.discountPercent}%)</dt>
                  <dd>−{formatMoney(quote.discount, quote.currency)}</dd>
                </>
              )}
              <dt>Total</dt>
              <dd data-testid="custom-total">{formatMoney(quote.total, quote.currency)}</dd>
            </dl>
          ) : null}
        </div>
        <Button
          onClick={() =>
            quote &&
            void buy({ credits: quote.credits }, `${formatCount(quote.credits)} credits`, quote.total, quote.currency)
          }
          disabled={!quote || checkoutState.isLoading}
        >
          Buy {quote ? `${formatCount(quote.credits)} credits` : 'custom amount'}
        </Button>
      </Card>

      <CheckoutDialog target={target} onClose={() => setTarget(null)} />
    </section>
  );
}
