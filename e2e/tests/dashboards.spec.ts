import { expect, test, type Locator } from '@playwright/test';
import { newPerson, signIn, signUp } from './support';

/** The value shown under a stat's label in a dashboard block. */
function stat(block: Locator, label: string): Locator {
  return block
    .locator('.stat-grid__item')
    .filter({ has: block.page().getByText(label, { exact: true }) })
    .locator('dd');
}

test('an admin adds credits to a user: the balance changes live and the audit trail names who, how much and why', async ({
  browser,
}) => {
  const userContext = await browser.newContext();
  const adminContext = await browser.newContext();
  const userPage = await userContext.newPage();
  const adminPage = await adminContext.newPage();

  const person = newPerson('credited');
  await userPage.goto('/');
  await signUp(userPage, person);
  const userHeader = userPage.getByRole('banner');
  await expect(userHeader.getByText('50 credits')).toBeVisible();

  await adminPage.goto('/');
  await signIn(adminPage, 'admin@atelier.test', 'AdminPass123');
  await adminPage.goto('/admin/users');
  await adminPage.getByRole('searchbox').fill(person.email);
  await adminPage.getByRole('button', { name: 'Search' }).click();
  await adminPage.getByRole('link', { name: person.username }).click();
  await expect(adminPage.getByRole('heading', { level: 1 })).toContainText(person.fullName);

  const reason = 'Goodwill for a render that timed out';
  const credits = adminPage.getByRole('region', { name: 'Adjust credits' });
  await credits.getByRole('spinbutton', { name: 'Amount' }).fill('25');
  await credits.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await credits.getByRole('button', { name: 'Add credits' }).click();
  await expect(adminPage.getByText('Credits added successfully')).toBeVisible();

  // The ledger on the user's admin page shows the grant, the new balance and the reason.
  const ledger = adminPage.getByRole('region', { name: 'Credit ledger' });
  const grant = ledger.getByRole('row').filter({ hasText: reason });
  await expect(grant).toContainText('+25');
  await expect(grant).toContainText('75');
  await expect(grant).toContainText('admin');

  // The user sees the new balance without reloading (credits:updated over the socket).
  await expect(userHeader.getByText('75 credits')).toBeVisible();

  // The audit trail records who did what to whom.
  await adminPage.goto('/admin/credits');
  const entry = adminPage.getByRole('row').filter({ hasText: reason });
  await expect(entry).toContainText('Credits added');
  await expect(entry).toContainText(person.username);
  await expect(entry).toContainText('25');

  // Deducting takes credits away and is audited too; the user's credits history lists both.
  await adminPage.goBack();
  await credits.getByRole('spinbutton', { name: 'Amount' }).fill('5');
  await credits.getByRole('textbox', { name: 'Reason' }).fill('Duplicate goodwill');
  await credits.getByRole('button', { name: 'Deduct credits' }).click();
  await expect(adminPage.getByText('Credits deducted successfully')).toBeVisible();
  await expect(userHeader.getByText('70 credits')).toBeVisible();

  await userPage.reload();
  await expect(userHeader.getByText('70 credits')).toBeVisible();

  await userContext.close();
  await adminContext.close();
});

test('a user sees their dashboard change after generating', async ({ page }) => {
  test.setTimeout(120_000);
  const person = newPerson('dash');
  await page.goto('/');
  await signUp(page, person);

  await page.goto('/dashboard');
  const overview = page.getByRole('region', { name: 'Overview' });
  await expect(stat(overview, 'Generations')).toHaveText('0');
  await expect(stat(overview, 'Credits spent')).toHaveText('0');
  await expect(overview.getByText('Nothing created in this period yet.')).toBeVisible();

  const prompt = 'A geometric fox made of triangles, flat colours';
  await page.getByRole('banner').getByRole('button', { name: 'Create' }).click();
  const dialog = page.getByRole('dialog', { name: /^Generate/ });
  await dialog.getByRole('tab', { name: 'Vector' }).click();
  await dialog.getByRole('textbox', { name: 'Prompt' }).fill(prompt);
  await dialog.getByRole('button', { name: 'Generate Vector · 5 credits' }).click();
  await expect(page).toHaveURL(/\/content\/[0-9a-f-]{36}$/);
  await expect(page.locator('main img').first()).toBeVisible({ timeout: 60_000 });

  await page.goto('/dashboard');
  await expect(stat(overview, 'Generations')).toHaveText('1');
  await expect(stat(overview, 'Ready')).toHaveText('1');
  await expect(stat(overview, 'Credits spent')).toHaveText('5');
  await expect(overview.getByRole('link', { name: 'Generated Vector' })).toBeVisible();
});
