import { expect, test, type Page } from '@playwright/test';
import { newPerson, signOut, signUp } from './support';

/** Fills the sign-up dialog that is already open and creates the account. */
async function completeSignUp(page: Page, person: ReturnType<typeof newPerson>) {
  const dialog = page.getByRole('dialog', { name: 'Create Account' });
  await dialog.getByRole('textbox', { name: 'Full name', exact: true }).fill(person.fullName);
  await dialog.getByRole('textbox', { name: 'Username', exact: true }).fill(person.username);
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(person.email);
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(person.password);
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog).toBeHidden();
}

test('a visitor who presses Create signs up and lands in the Generate dialog; the verify page names the address', async ({
  page,
}) => {
  const person = newPerson('newbie');
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Create' }).click();
  const signup = page.getByRole('dialog', { name: 'Create Account' });
  await expect(signup).toBeVisible();
  await expect(signup.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await completeSignUp(page, person);

  const generate = page.getByRole('dialog', { name: /Generate/ });
  await expect(generate).toBeVisible();
  await expect(generate.getByRole('button', { name: /Generate Photo/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(generate).toBeHidden();

  // The header blurs what scrolls under it: the unprefixed property survives the build.
  const filter = await page.evaluate(() => getComputedStyle(document.querySelector('.site-header')!).backdropFilter);
  expect(filter).toContain('blur');

  await page.goto('/verify-email');
  await expect(page.getByText(`We emailed a 6-digit code to ${person.email} when you signed up.`)).toBeVisible();
  await expect(page.getByRole('button', { name: /Send a new code in \d+s/ })).toBeDisabled();
});

test('"Message" on a profile opens the conversation with that person', async ({ page }) => {
  const host = newPerson('host');
  await page.goto('/');
  await signUp(page, host);
  await signOut(page, host.fullName);

  const guest = newPerson('guest');
  await signUp(page, guest);
  await page.goto(`/u/${host.username}`);
  await expect(page.getByRole('heading', { level: 1, name: host.fullName })).toBeVisible();
  await page.getByRole('button', { name: 'Message', exact: true }).click();
  await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  const thread = page.getByRole('region', { name: `Conversation with ${host.fullName}` });
  await expect(thread.getByText('No messages yet. Start a conversation!')).toBeVisible();

  // Your own profile offers no "Message".
  await page.goto(`/u/${guest.username}`);
  await expect(page.getByRole('link', { name: 'Edit profile' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Message', exact: true })).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the support button steps aside while typing, history is cards, and the dashboard dates fit', async ({
    page,
  }) => {
    const person = newPerson('pocket');
    await page.goto('/');
    await signUp(page, person);

    const chat = page.getByRole('button', { name: /open support chat/i });
    await page.goto('/people');
    await expect(chat).toBeVisible();
    await page.getByRole('textbox', { name: 'Search people' }).click();
    await expect(chat).toBeHidden();
    await page.getByRole('heading', { level: 1, name: 'People' }).click();
    await expect(chat).toBeVisible();

    await page.goto('/credits');
    const row = page.getByRole('table').getByRole('row').nth(1);
    await expect(row).toBeVisible();
    expect(await row.evaluate((el) => getComputedStyle(el).display)).toBe('block');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.goto('/dashboard');
    for (const name of ['From', 'To']) {
      const box = (await page.getByLabel(name, { exact: true }).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
  });
});
