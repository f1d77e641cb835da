import { expect, test, type Page } from '@playwright/test';
import { newPerson, signUp } from './support';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** Nothing on the page may be wider than the screen. */
async function expectNoSideways(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test('on a phone a signed-in person reaches every section from the menu, and the Generate dialog fits', async ({
  page,
}) => {
  const person = newPerson('phone');
  await page.goto('/');
  await signUp(page, person);

  // The menu button stays on screen next to the account button.
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  await expect(menuButton).toBeInViewport();
  await expectNoSideways(page);

  await menuButton.click();
  const menu = page.getByRole('navigation', { name: 'Main, mobile' });
  await menu.getByRole('link', { name: /Messages/ }).click();
  await expect(page).toHaveURL(/\/messages$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(menu).toBeHidden();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await menu.getByRole('link', { name: 'Gallery' }).click();
  await expect(page).toHaveURL(/\/gallery$/);
  await expectNoSideways(page);

  await page.getByRole('button', { name: 'Open menu' }).click();
  await menu.getByRole('button', { name: 'Create' }).click();
  const dialog = page.getByRole('dialog', { name: /Generate/ });
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await expect(dialog.getByRole('button', { name: /Generate Photo/ })).toBeInViewport();
});
