import { expect, test, type Locator, type Page } from '@playwright/test';
import { newPerson, signUp } from './support';

const PROMPT = 'A paper boat on a rainy canal, ink and watercolour';
const NEGATIVE = 'text, watermark';

/** The Generate dialog, open. */
const generateDialog = (page: Page) => page.getByRole('dialog', { name: /^Generate/ });

/** The value of one row of the item's details ("Seed", "Shape", …). */
const detail = (page: Page, term: string): Locator =>
  page.locator('.content-about dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');

test('a creator makes four candidates, keeps two, reuses the settings, and sees a remix of their item', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const creator = newPerson('creator');
  await page.goto('/');
  await signUp(page, creator);
  const header = page.getByRole('banner');
  await expect(header.getByText('50 credits')).toBeVisible();

  // Four illustrations (Stable Diffusion XL, 5 credits each), wide, with a negative prompt.
  await header.getByRole('button', { name: 'Create' }).click();
  const dialog = generateDialog(page);
  await dialog.getByRole('tab', { name: 'Illustration' }).click();
  await dialog.getByRole('textbox', { name: 'Prompt', exact: true }).fill(PROMPT);
  // The count chips are labels around hidden radios: a person clicks the chip.
  await dialog.locator('label', { has: page.getByRole('radio', { name: '4 candidates' }) }).click();
  await expect(dialog.getByRole('radio', { name: '4 candidates' })).toBeChecked();
  await dialog.getByRole('combobox', { name: 'Shape' }).selectOption('16:9');
  await dialog.getByRole('button', { name: 'Advanced settings' }).click();
  await dialog.getByRole('textbox', { name: /^Negative prompt/ }).fill(NEGATIVE);
  await expect(dialog.getByText('Cost: 4 × 5 = 20 credits')).toBeVisible();
  await dialog.getByRole('button', { name: 'Generate 4 × Illustration · 20 credits' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/content\/[0-9a-f-]{36}$/);
  const firstUrl = page.url();
  await expect(header.getByText('30 credits')).toBeVisible();

  // The local renderer finishes each candidate; every tile shows its picture.
  const candidates = page.getByRole('region', { name: /^Candidates/ });
  await expect(candidates.getByRole('heading', { name: 'Candidates (4 of 4 finished)' })).toBeVisible({
    timeout: 40_000,
  });
  await expect(candidates.getByRole('listitem')).toHaveCount(4);
  await expect(candidates.locator('img')).toHaveCount(4);
  await expect(detail(page, 'Shape')).toHaveText(/16:9/);
  await expect(detail(page, 'Negative prompt')).toHaveText(NEGATIVE);

  // Keep the first two, delete the last two: made items are paid for, so nothing comes back.
  await candidates.getByRole('button', { name: 'Delete candidate 4' }).click();
  await expect(candidates.getByRole('listitem')).toHaveCount(3);
  await candidates.getByRole('button', { name: 'Delete candidate 3' }).click();
  await expect(candidates.getByRole('heading', { name: 'Candidates (2 of 2 finished)' })).toBeVisible();
  await expect(candidates.getByRole('listitem')).toHaveCount(2);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Candidates (2 of 2 finished)' })).toBeVisible();
  await expect(header.getByText('30 credits')).toBeVisible();

  // Open the second candidate and take its settings into the dialog.
  const secondTile = page.getByRole('listitem', { name: 'Candidate 2' });
  const secondSeed = ((await secondTile.getByText(/^Seed \d+$/).textContent()) ?? '').replace('Seed ', '');
  await secondTile.getByRole('link', { name: 'Open candidate 2' }).click();
  await expect(detail(page, 'Seed')).toHaveText(secondSeed);
  await page.getByRole('button', { name: 'Use these settings' }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'Illustration' })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByRole('radio', { name: /Stable Diffusion XL/ })).toBeChecked();
  await expect(dialog.getByRole('textbox', { name: 'Prompt', exact: true })).toHaveValue(PROMPT);
  await expect(dialog.getByRole('combobox', { name: 'Shape' })).toHaveValue('16:9');
  await expect(dialog.getByRole('textbox', { name: /^Negative prompt/ })).toHaveValue(NEGATIVE);
  const seedBox = dialog.getByRole('textbox', { name: 'Seed', exact: true });
  await expect(seedBox).toHaveValue(secondSeed);

  // A new seed, one item.
  const newSeed = String((Number(secondSeed) + 1000) % 1_000_000);
  await seedBox.fill(newSeed);
  await dialog.getByRole('button', { name: 'Generate Illustration · 5 credits' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(firstUrl);
  await expect(page).toHaveURL(/\/content\/[0-9a-f-]{36}$/);
  await expect(detail(page, 'Seed')).toHaveText(newSeed);
  await expect(detail(page, 'Shape')).toHaveText(/16:9/);
  await expect(detail(page, 'Negative prompt')).toHaveText(NEGATIVE);
  await expect(header.getByText('25 credits')).toBeVisible();

  // Someone else opens the first item and remixes it.
  const otherContext = await browser.newContext();
  try {
    const other = await otherContext.newPage();
    const visitor = newPerson('remixer');
    await other.goto(firstUrl);
    await signUp(other, visitor);
    await other.getByRole('button', { name: 'Remix', exact: true }).click();
    const remixDialog = generateDialog(other);
    await expect(remixDialog.getByRole('note')).toContainText(`by ${creator.fullName}`);
    await expect(remixDialog.getByRole('textbox', { name: 'Prompt', exact: true })).toHaveValue(PROMPT);
    await remixDialog.getByRole('textbox', { name: 'Prompt', exact: true }).fill(`${PROMPT}, at night`);
    await remixDialog.getByRole('button', { name: 'Generate Illustration · 5 credits' }).click();
    await expect(remixDialog).toBeHidden();
    await expect(other).toHaveURL(/\/content\/[0-9a-f-]{36}$/);
    await expect(other.getByText(`Remix of`)).toContainText(creator.fullName);
    const remixUrl = new URL(other.url()).pathname;
    await expect(other.getByRole('banner').getByText('45 credits')).toBeVisible();

    // The creator sees the remix listed on their item's page, once it has finished.
    await expect(async () => {
      await page.goto(firstUrl);
      const remixes = page.getByRole('region', { name: /^Remixes/ });
      await expect(remixes.getByRole('heading', { name: 'Remixes (1)' })).toBeVisible({ timeout: 2_000 });
      await expect(remixes.getByRole('listitem')).toContainText(`by ${visitor.fullName}`);
      await expect(remixes.getByRole('link')).toHaveAttribute('href', remixUrl);
    }).toPass({ timeout: 30_000 });
  } finally {
    await otherContext.close();
  }
});
