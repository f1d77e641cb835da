import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

let counter = 0;

/** A new person for one test: unique email and username. */
export function newPerson(prefix = 'user') {
  const id = `${Date.now().toString(36)}${(counter++).toString(36)}`;
  return {
    fullName: `${prefix[0]!.toUpperCase()}${prefix.slice(1)} Tester`,
    username: `${prefix}_${id}`,
    email: `${prefix}.${id}@example.test`,
    password: 'Sunrise2026',
  };
}

/** The newest 6-digit code mailed to an address, read from the product's outbox (DATA_DIR/outbox). */
export async function codeFromOutbox(email: string, after = 0): Promise<string> {
  const outbox = path.join(process.env.ATELIER_E2E_DATA_DIR!, 'outbox');
  let code: string | undefined;
  await expect
    .poll(
      () => {
        if (!fs.existsSync(outbox)) return undefined;
        const files = fs
          .readdirSync(outbox)
          .map((f) => path.join(outbox, f))
          .filter((f) => fs.statSync(f).mtimeMs >= after)
          .sort();
        for (const file of files.reverse()) {
          const text = fs.readFileSync(file, 'utf8');
          if (!text.toLowerCase().includes(`to: ${email}`)) continue;
          code = text.match(/\b(\d{6})\b/)?.[1];
          if (code) return code;
        }
        return undefined;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return code!;
}

export async function signUp(page: Page, person: ReturnType<typeof newPerson>) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Account' });
  await dialog.getByRole('textbox', { name: 'Full name', exact: true }).fill(person.fullName);
  await dialog.getByRole('textbox', { name: 'Username', exact: true }).fill(person.username);
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(person.email);
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(person.password);
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: new RegExp(person.fullName) })).toBeVisible();
}

export async function signIn(page: Page, login: string, password: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
  await dialog.getByRole('textbox', { name: 'Email or username', exact: true }).fill(login);
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog).toBeHidden();
}

export async function signOut(page: Page, fullName: string) {
  await page.getByRole('button', { name: new RegExp(fullName) }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
}
