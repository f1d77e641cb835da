import { expect, test } from '@playwright/test';

test('the home page loads and the API is healthy', async ({ page, request }) => {
  const health = await request.get('/api/v1/health');
  expect(await health.json()).toEqual({ data: { status: 'ok', database: 'pglite' } });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
