import { expect, test, type Page } from '@playwright/test';
import { newPerson, signUp } from './support';

async function generate(page: Page, type: 'Photo' | 'Video', prompt: string, cost: number) {
  await page.getByRole('banner').getByRole('button', { name: 'Create' }).click();
  const dialog = page.getByRole('dialog', { name: /^Generate/ });
  await dialog.getByRole('tab', { name: type }).click();
  await dialog.getByRole('textbox', { name: 'Prompt' }).fill(prompt);
  await expect(dialog.getByText(`${prompt.length}/500`)).toBeVisible();
  await dialog.getByRole('button', { name: `Generate ${type} · ${cost} credits` }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/content\/[0-9a-f-]{36}$/);
}

test('a new user generates a photo and a video, sees each finish and pays the catalogue cost', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const person = newPerson('gen');
  await page.goto('/');
  await signUp(page, person);
  const header = page.getByRole('banner');
  await expect(header.getByText('50 credits')).toBeVisible();

  // The first photo model costs 10 credits, the first video model 25.
  await generate(page, 'Photo', 'A lighthouse on a cliff at sunset, warm light', 10);
  const photo = page.locator('main img[alt^="Generated Photo"]').first();
  await expect(photo).toBeVisible({ timeout: 60_000 });
  // The media area holds its shape before the file arrives: wait until the picture has loaded.
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), { timeout: 15_000 })
    .toBeGreaterThan(0);
  await expect(header.getByText('40 credits')).toBeVisible();

  await generate(page, 'Video', 'Drone flight over a glacier lake at sunrise', 25);
  const video = page.locator('main video').first();
  await expect(video).toBeVisible({ timeout: 90_000 });
  const src = await video.getAttribute('src');
  expect(src).toMatch(/^\/media\/.+\.mp4$/);
  const media = await request.get(src!);
  expect(media.status()).toBe(200);
  expect(media.headers()['content-type']).toContain('video/mp4');
  await expect(header.getByText('15 credits')).toBeVisible();

  await page.goto('/credits');
  await expect(page.getByText('15', { exact: true }).first()).toBeVisible();
});
