import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { newPerson, signUp } from './support';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** A screenshot of the page as it is on the phone, then on a desktop; kept with the test's output, not in the repo. */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}-phone.png`), fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: testInfo.outputPath(`${name}-desktop.png`), fullPage: true });
  await page.setViewportSize(PHONE);
}

test('money steps on a phone: checkout left open is no purchase, the card form formats, a plan change is confirmed with its prorated amount', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const person = newPerson('money');
  await page.goto('/');
  await signUp(page, person);

  // Opening a checkout and closing it leaves no purchase behind.
  await page.goto('/credits');
  const buy = page.getByRole('region', { name: 'Buy credits' });
  await buy.getByRole('button', { name: 'Buy Starter pack' }).click();
  const checkout = page.getByRole('dialog', { name: 'Checkout' });
  const number = checkout.getByRole('textbox', { name: 'Card number' });
  const expiry = checkout.getByRole('textbox', { name: 'Expiry (MM/YY)' });
  const cvc = checkout.getByRole('textbox', { name: 'CVC' });
  await number.pressSequentially('4242424242424242');
  await expect(number).toHaveValue('4242 4242 4242 4242');
  await cvc.pressSequentially('123');
  await expiry.pressSequentially('1');
  await checkout.getByRole('button', { name: /^Pay / }).click();
  await expect(checkout.getByText('Enter the expiry as MM/YY.')).toBeVisible();
  // The CVC box stays in line with the expiry box while the expiry shows its error.
  const [expiryBox, cvcBox] = [await expiry.boundingBox(), await cvc.boundingBox()];
  expect(Math.abs(expiryBox!.y - cvcBox!.y)).toBeLessThan(1);
  await expiry.pressSequentially('230');
  await expect(expiry).toHaveValue('12/30');
  await shoot(page, testInfo, 'checkout-card-form');
  await checkout.getByRole('button', { name: 'Close dialog' }).click();
  await expect(checkout).toBeHidden();

  await page.goto('/billing');
  const purchases = page.getByRole('region', { name: 'Purchases' });
  await expect(purchases.getByText('No purchases yet.')).toBeVisible();
  await expect(page.getByText('Not completed')).toHaveCount(0);
  await shoot(page, testInfo, 'billing-no-purchases');

  // Subscribe to the cheapest plan, then change to a dearer one: confirmed first, with the amount due now.
  await page.goto('/pricing');
  const plans = page.getByRole('listitem');
  await plans
    .filter({ has: page.getByRole('heading', { name: 'Starter', exact: true }) })
    .getByRole('button', { name: 'Subscribe' })
    .click();
  await number.fill('4242 4242 4242 4242');
  await expiry.fill('12/30');
  await cvc.fill('123');
  await checkout.getByRole('textbox', { name: 'Name on card' }).fill('Money Tester');
  await checkout.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible();

  await page.goto('/billing');
  const subscription = page.getByRole('region', { name: 'Starter plan' });
  await expect(subscription.getByText(/^In force now: Starter, \$9\.00 a month/)).toBeVisible();
  await subscription.getByLabel('Change plan').selectOption({ label: 'Pro — $19.00 a month' });
  await subscription.getByRole('button', { name: 'Change plan…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Switch to Pro' });
  await expect(confirm.getByText('Due now')).toBeVisible();
  await expect(confirm.getByText(/days left in this period/)).toBeVisible();
  const pay = confirm.getByRole('button', { name: /^Pay \$\d+\.\d\d and switch$/ });
  await expect(pay).toBeVisible();
  const amount = (await pay.textContent())!.match(/\$\d+\.\d\d/)![0];
  await expect(confirm.getByText(amount, { exact: true })).toBeVisible();
  await expect(confirm.getByText(/credits now for the rest of this period, then 1,000 credits every month\./)).toBeVisible();
  await shoot(page, testInfo, 'plan-change-confirmation');
  await pay.click();
  await expect(page.getByText('Your subscription plan has been updated')).toBeVisible();
  const upgraded = page.getByRole('region', { name: 'Pro plan' });
  await expect(upgraded.getByText(/^In force now: Pro, \$19\.00 a month/)).toBeVisible();
  // The prorated charge is a purchase, and nothing "Not completed" is listed.
  await expect(purchases.getByText(/^Upgrade to Pro/)).toBeVisible();
  await expect(purchases.getByRole('cell', { name: amount })).toBeVisible();
  await expect(page.getByText('Not completed')).toHaveCount(0);

  // Cancelling says until when the plan runs.
  await upgraded.getByRole('button', { name: 'Cancel subscription' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel your subscription?' });
  await expect(cancel.getByText(/Your Pro plan runs until/)).toBeVisible();
  await shoot(page, testInfo, 'cancel-confirmation');
  await cancel.getByRole('button', { name: 'Keep subscription' }).click();
  await expect(cancel).toBeHidden();
  await shoot(page, testInfo, 'billing-subscription');

  // A bare website address is saved as https://…
  await page.goto('/settings');
  const profile = page.getByRole('form', { name: 'Edit profile' });
  await profile.getByRole('textbox', { name: 'Website' }).fill('money.example.com');
  await profile.getByRole('textbox', { name: 'Bio' }).fill('Counting credits');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();
  await expect(profile.getByRole('textbox', { name: 'Website' })).toHaveValue('https://money.example.com');
  await shoot(page, testInfo, 'settings-profile');
});
