import { expect, test } from '@playwright/test';
import { codeFromOutbox, newPerson, signIn, signOut, signUp } from './support';

test('sign up, sign out and sign in again; the session survives a reload', async ({ page }) => {
  const person = newPerson('ada');
  await page.goto('/');
  await signUp(page, person);
  await page.reload();
  await expect(page.getByRole('button', { name: new RegExp(person.fullName) })).toBeVisible();
  await signOut(page, person.fullName);
  await expect(page.evaluate(() => localStorage.getItem('accessToken'))).resolves.toBeNull();
  await signIn(page, person.email, person.password);
  await expect(page.getByRole('button', { name: new RegExp(person.fullName) })).toBeVisible();
});

test('a wrong password is refused with a clear message', async ({ page }) => {
  const person = newPerson('bob');
  await page.goto('/');
  await signUp(page, person);
  await signOut(page, person.fullName);
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
  await dialog.getByRole('textbox', { name: 'Email or username', exact: true }).fill(person.email);
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('NotMyPassword1');
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog.getByText('Invalid email or password')).toBeVisible();
});

test('reset a forgotten password with the code from the outbox', async ({ page }) => {
  const person = newPerson('cyd');
  await page.goto('/');
  await signUp(page, person);
  await signOut(page, person.fullName);

  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset Password' });
  const requestedAt = Date.now() - 1000;
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(person.email);
  await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(dialog.getByLabel('Digit 1 of 6')).toBeVisible();

  const code = await codeFromOutbox(person.email, requestedAt);
  await dialog.getByLabel('Digit 1 of 6').click();
  // The sixth digit sends the code: no button to press.
  await page.keyboard.type(code);

  await dialog.getByRole('textbox', { name: 'New password', exact: true }).fill('weak');
  await dialog.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('weak');
  await dialog.getByRole('button', { name: 'Reset Password' }).click();
  await expect(dialog.getByText('Password must be at least 8 characters long')).toBeVisible();

  await dialog.getByRole('textbox', { name: 'New password', exact: true }).fill('Moonlight2027');
  await dialog.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('Moonlight2027');
  await dialog.getByRole('button', { name: 'Reset Password' }).click();
  await expect(dialog.getByText('Password Reset Successful')).toBeVisible();
  await dialog.getByRole('button', { name: 'Return to Login' }).click();

  const login = page.getByRole('dialog', { name: 'Welcome Back' });
  await login.getByRole('textbox', { name: 'Email or username', exact: true }).fill(person.username);
  await login.getByRole('textbox', { name: 'Password', exact: true }).fill('Moonlight2027');
  await login.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('button', { name: new RegExp(person.fullName) })).toBeVisible();
});

test('verify the email address with the mailed code', async ({ page }) => {
  const person = newPerson('dee');
  const before = Date.now() - 1000;
  await page.goto('/');
  await signUp(page, person);
  await page.goto('/verify-email');
  const code = await codeFromOutbox(person.email, before);
  await page.getByLabel('Digit 1 of 6').click();
  // The sixth digit sends the code: no button to press.
  await page.keyboard.type(code);
  await expect(page.getByText(`Your email address ${person.email} is verified.`)).toBeVisible();
  await page.getByRole('button', { name: new RegExp(person.fullName) }).click();
  await expect(page.getByRole('menuitem', { name: 'Verify your email' })).toHaveCount(0);
});

test('the chosen theme is applied and kept after a reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByRole('button', { name: /Change theme/ }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('button', { name: /Change theme/ }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'ocean');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'ocean');
  expect(await page.evaluate(() => localStorage.getItem('app-theme'))).toBe('ocean');
});

test('unknown pages get a title from their last path segment', async ({ page }) => {
  await page.goto('/some/where-else');
  await expect(page).toHaveTitle(/Where Else/);
});
