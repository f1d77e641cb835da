import { expect, test, type Locator, type Page } from '@playwright/test';
import { newPerson, signUp } from './support';

const CARD_OK = '4242 4242 4242 4242';
const CARD_3DS = '4000 0025 0000 3155';
const CARD_DECLINED = '4000 0000 0000 0002';

/** Fills the embedded local checkout and presses Pay. */
async function payWith(page: Page, cardNumber: string): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: 'Checkout' });
  await dialog.getByRole('textbox', { name: 'Card number' }).fill(cardNumber);
  await dialog.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('12/30');
  await dialog.getByRole('textbox', { name: 'CVC' }).fill('123');
  await dialog.getByRole('textbox', { name: 'Name on card' }).fill('Pay Tester');
  await dialog.getByRole('button', { name: /^Pay / }).click();
  return dialog;
}

function usd(cents: number): string {
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

test('a new user buys a pack, a custom amount and a subscription, is credited once, and manages the subscription', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const person = newPerson('pay');
  await page.goto('/');
  await signUp(page, person);
  const header = page.getByRole('banner');
  const balance = (credits: number) => header.getByText(`${credits.toLocaleString('en-US')} credits`, { exact: true });
  await expect(balance(50)).toBeVisible();

  // The 100-credit pack, paid with the card that always succeeds.
  await page.goto('/credits');
  const buy = page.getByRole('region', { name: 'Buy credits' });
  await buy.getByRole('button', { name: 'Buy Starter pack' }).click();
  await payWith(page, CARD_OK);
  await expect(page).toHaveURL(/\/checkout\/cs_local_[0-9a-f]+$/);
  await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
  await expect(page.getByText('100 credits were added to your balance.')).toBeVisible();
  await expect(balance(150)).toBeVisible();

  // Coming back to the outcome page does not grant the pack again.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
  await expect(page.getByText('Your balance: 150 credits')).toBeVisible();
  await expect(balance(150)).toBeVisible();

  // A custom amount shows its live price, then passes 3-D Secure.
  const pricingRes = await request.get('/api/v1/credits/pricing');
  expect(pricingRes.ok()).toBe(true);
  const pricing = (await pricingRes.json()).data as { pricePerCredit: number };
  await page.getByRole('link', { name: 'Go to credits' }).click();
  await expect(page).toHaveURL(/\/credits$/);
  await buy.getByRole('spinbutton', { name: 'Credits' }).fill('200');
  await expect(buy.getByTestId('custom-total')).toHaveText(usd(200 * pricing.pricePerCredit));
  await buy.getByRole('button', { name: 'Buy 200 credits' }).click();
  await payWith(page, CARD_3DS);
  const auth = page.getByRole('dialog', { name: '3-D Secure authentication' });
  await auth.getByRole('button', { name: 'Approve payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
  await expect(page.getByText('200 credits were added to your balance.')).toBeVisible();
  await expect(balance(350)).toBeVisible();

  // A declined card says so and changes nothing.
  await page.getByRole('link', { name: 'Go to credits' }).click();
  await buy.getByRole('button', { name: 'Buy Starter pack' }).click();
  const declined = await payWith(page, CARD_DECLINED);
  await expect(declined.getByRole('alert')).toHaveText('Your card was declined.');
  await declined.getByRole('button', { name: 'Close dialog' }).click();
  await expect(declined).toBeHidden();
  await page.reload();
  await expect(balance(350)).toBeVisible();

  // A monthly plan, paid with the good card, grants its credits once.
  const plansRes = await request.get('/api/v1/plans/active');
  expect(plansRes.ok()).toBe(true);
  const plan = ((await plansRes.json()).data.plans as { name: string; creditsPerPeriod: number }[])[0]!;
  const afterPlan = 350 + plan.creditsPerPeriod;
  await page.goto('/pricing');
  await expect(page.getByRole('tab', { name: 'Monthly' })).toHaveAttribute('aria-selected', 'true');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: plan.name, exact: true }) });
  await card.getByRole('button', { name: 'Subscribe' }).click();
  await payWith(page, CARD_OK);
  await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
  await expect(balance(afterPlan)).toBeVisible();
  await page.getByRole('link', { name: 'Manage subscription' }).click();
  await expect(page).toHaveURL(/\/billing$/);
  const subscription = page.getByRole('region', { name: `${plan.name} plan` });
  await expect(subscription.getByText('Active', { exact: true })).toBeVisible();
  await expect(subscription.getByText(/^In force now: .* a month/)).toBeVisible();
  await page.reload();
  await expect(subscription.getByText(/^Renews on /)).toBeVisible();
  await expect(balance(afterPlan)).toBeVisible();

  // Cancel at period end (confirmed first), reactivate, then switch to yearly billing from the renewal.
  await subscription.getByRole('button', { name: 'Cancel subscription' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel your subscription?' });
  await expect(cancel.getByText(/runs until/)).toBeVisible();
  await cancel.getByRole('button', { name: /^Cancel on / }).click();
  await expect(page.getByText('Subscription will be canceled at the end of the billing period')).toBeVisible();
  await expect(subscription.getByText(/^Ends on /)).toBeVisible();
  await subscription.getByRole('button', { name: 'Reactivate' }).click();
  await expect(page.getByText('Your subscription has been reactivated')).toBeVisible();
  await expect(subscription.getByText(/^Renews on /)).toBeVisible();
  await subscription.getByRole('button', { name: 'Switch to yearly billing' }).click();
  await page.getByRole('dialog', { name: 'Switch to yearly billing?' }).getByRole('button', { name: /^Switch on / }).click();
  await expect(page.getByText('Your billing frequency has been updated')).toBeVisible();
  await expect(subscription.getByTestId('pending-change')).toContainText('a year');
  await expect(balance(afterPlan)).toBeVisible();
});
