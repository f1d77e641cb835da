import { expect, test, type Browser, type Page } from '@playwright/test';
import { newPerson, signUp } from './support';

/**
 * What a visitor starts is carried through sign-up: "Use these settings" on an item lands in the
 * Generate dialog holding its prompt and settings; a like pressed while signed out is applied.
 * On a phone, the item's prompt, model and settings sit right under its picture.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const PROMPT = 'A red fox in fresh snow at dawn, telephoto';
let itemPath = '';

/** A maker signs up on a desktop and makes one public photo; its page is what visitors open. */
test.beforeAll(async ({ browser }: { browser: Browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto('/');
  await signUp(page, newPerson('maker'));
  await page.getByRole('banner').getByRole('button', { name: 'Create' }).click();
  const dialog = page.getByRole('dialog', { name: /^Generate/ });
  await dialog.getByRole('textbox', { name: 'Prompt' }).fill(PROMPT);
  await dialog.getByRole('button', { name: 'Generate Photo · 10 credits' }).click();
  await expect(page).toHaveURL(/\/content\/[0-9a-f-]{36}$/);
  await expect(page.locator('main img[alt^="Generated Photo"]').first()).toBeVisible({ timeout: 60_000 });
  itemPath = new URL(page.url()).pathname;
  await context.close();
});

async function fillSignUp(page: Page, person: ReturnType<typeof newPerson>) {
  const dialog = page.getByRole('dialog', { name: 'Create Account' });
  await dialog.getByRole('textbox', { name: 'Full name', exact: true }).fill(person.fullName);
  await dialog.getByRole('textbox', { name: 'Username', exact: true }).fill(person.username);
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(person.email);
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(person.password);
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog).toBeHidden();
}

test('a visitor presses "Use these settings", signs up and lands in the Generate dialog holding the item', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const item = (await (await request.get(`/api/v1${itemPath}`)).json()) as {
    data: { seed: number; generation?: { seed: number } };
  };
  const seed = item.data.generation?.seed ?? item.data.seed;
  await page.goto(itemPath);

  // On a phone the prompt, model, settings, Copy and "Use these settings" come right under the picture.
  const details = page.getByRole('region', { name: 'Details' });
  await expect(details).toContainText(PROMPT);
  await expect(details).toContainText('FLUX Pro');
  await expect(details.getByRole('button', { name: 'Copy prompt' })).toBeVisible();
  const picture = await page.locator('main img[alt^="Generated Photo"]').first().boundingBox();
  const detailsBox = await details.boundingBox();
  const commentsBox = await page.getByRole('region', { name: 'Likes and comments' }).boundingBox();
  expect(detailsBox!.y).toBeGreaterThan(picture!.y + picture!.height - 1);
  expect(detailsBox!.y).toBeLessThan(commentsBox!.y);
  await page.screenshot({ path: testInfo.outputPath('content-phone.png'), fullPage: true });

  const desktop = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const desktopPage = await desktop.newPage();
  await desktopPage.goto(itemPath);
  const side = desktopPage.getByRole('region', { name: 'Details' });
  await expect(side).toContainText(PROMPT);
  // Beside the picture on a desktop.
  const sideBox = await side.boundingBox();
  const desktopPicture = await desktopPage.locator('main img[alt^="Generated Photo"]').first().boundingBox();
  expect(sideBox!.x).toBeGreaterThan(desktopPicture!.x + desktopPicture!.width - 1);
  await desktopPage.screenshot({ path: testInfo.outputPath('content-desktop.png'), fullPage: true });
  await desktop.close();

  await details.getByRole('button', { name: 'Use these settings' }).click();
  await fillSignUp(page, newPerson('visitor'));

  const dialog = page.getByRole('dialog', { name: 'Generate Photo' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Prompt', exact: true })).toHaveValue(PROMPT);
  await expect(dialog.getByRole('radio', { name: /FLUX Pro/ })).toBeChecked();
  await expect(dialog.getByRole('textbox', { name: 'Seed' })).toHaveValue(String(seed));
  await page.screenshot({ path: testInfo.outputPath('generate-dialog-phone.png') });
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(dialog.getByRole('textbox', { name: 'Prompt', exact: true })).toHaveValue(PROMPT);
  await page.screenshot({ path: testInfo.outputPath('generate-dialog-desktop.png') });
});

test('a like pressed while signed out is applied after signing up', async ({ page }, testInfo) => {
  await page.goto(itemPath);
  await page.getByRole('button', { name: /^Like .*\(0 likes\)$/ }).click();
  const signIn = page.getByRole('dialog', { name: 'Welcome Back' });
  await expect(signIn).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('like-sign-in-phone.png') });
  await signIn.getByRole('button', { name: 'Sign up' }).click();
  await fillSignUp(page, newPerson('liker'));

  const liked = page.getByRole('button', { name: /^Unlike .*\(1 likes\)$/ });
  await expect(liked).toHaveAttribute('aria-pressed', 'true');
  // The server has it: a fresh load shows it liked.
  await page.reload();
  await expect(page.getByRole('button', { name: /^Unlike .*\(1 likes\)$/ })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('liked-phone.png'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.getByRole('button', { name: /^Unlike .*\(1 likes\)$/ })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('liked-desktop.png'), fullPage: true });
});
