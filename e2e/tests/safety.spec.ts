import { expect, test, type Browser, type Page } from '@playwright/test';
import { newPerson, signIn, signUp } from './support';

/** A fresh browser context with one page, signed up as a new person through the UI. */
async function signedUpPage(browser: Browser, prefix: string) {
  const page = await (await browser.newContext()).newPage();
  const person = newPerson(prefix);
  await page.goto('/');
  await signUp(page, person);
  return { page, person };
}

async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  expect(token).toBeTruthy();
  return token!;
}

async function ownId(page: Page): Promise<string> {
  const res = await page.request.get('/api/v1/users/me', { headers: { authorization: `Bearer ${await tokenOf(page)}` } });
  expect(res.status()).toBe(200);
  return (await res.json()).data.user.id as string;
}

// A 1×1 PNG: enough for an upload.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** Uploads a picture as the signed-in person of `page`; its id. */
async function upload(page: Page, title: string, rating: 'general' | 'mature'): Promise<string> {
  const res = await page.request.post('/api/v1/content', {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
    multipart: { title, contentType: 'photo', rating, file: { name: 'pic.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data.id as string;
}

test('trust and safety: a reported comment is hidden from the queue and its author is told; a block stops messages; mature items only for adults who opt in', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const { page: aPage, person: a } = await signedUpPage(browser, 'anna');
  const { page: bPage, person: b } = await signedUpPage(browser, 'boris');
  const bId = await ownId(bPage);
  const tag = Date.now().toString(36);

  // A's item and comment.
  const itemTitle = `Harbour at dusk ${tag}`;
  const itemId = await upload(aPage, itemTitle, 'general');
  const commentText = `A rude remark ${tag}`;
  const commented = await aPage.request.post(`/api/v1/content/${itemId}/comments`, {
    headers: { authorization: `Bearer ${await tokenOf(aPage)}` },
    data: { content: commentText },
  });
  expect(commented.status(), await commented.text()).toBe(201);

  // B reports A's comment.
  await bPage.goto(`/content/${itemId}`);
  const comment = bPage.locator('li.comment').filter({ hasText: commentText });
  await comment.getByRole('button', { name: 'Report' }).click();
  const dialog = bPage.getByRole('dialog', { name: 'Report this comment' });
  await dialog.getByLabel('Harassment or bullying').check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog).toBeHidden();

  // An admin hides it from the queue.
  const adminPage = await (await browser.newContext()).newPage();
  await adminPage.goto('/');
  await signIn(adminPage, 'admin@atelier.test', 'AdminPass123');
  await adminPage.goto('/admin/reports');
  const group = adminPage.locator('li.report-queue__group').filter({ hasText: commentText.slice(0, 20) });
  await expect(group).toBeVisible();
  await group.getByRole('button', { name: 'Hide', exact: true }).click();
  await expect(group).toBeHidden();

  // A sees the notice on their comment; B no longer sees it.
  await aPage.goto(`/content/${itemId}`);
  const own = aPage.locator('li.comment').filter({ hasText: commentText });
  await expect(own.getByRole('note')).toContainText('A moderator hid this from everyone else');
  await bPage.goto(`/content/${itemId}`);
  await expect(bPage.getByText(commentText)).toBeHidden();

  // Mature: A uploads a mature item. A visitor never sees it, anywhere; its page is a gate.
  const matureTitle = `Moonlit figure ${tag}`;
  const matureId = await upload(aPage, matureTitle, 'mature');
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/gallery');
  await expect(visitor.getByText(itemTitle).first()).toBeVisible();
  await expect(visitor.getByText(matureTitle)).toHaveCount(0);
  const search = await visitor.request.get(`/api/v1/content/search?q=${encodeURIComponent('moonlit')}`);
  expect(JSON.stringify((await search.json()).data)).not.toContain(matureId);
  await visitor.goto(`/content/${matureId}`);
  const gate = visitor.getByRole('region', { name: 'Mature content' });
  await expect(gate).toBeVisible();
  await expect(gate.getByRole('button', { name: 'Sign in to show' })).toBeVisible();

  // B, signed in but not opted in, sees the gate with a way to settings; opting in shows it everywhere.
  await bPage.goto(`/content/${matureId}`);
  await bPage.getByRole('region', { name: 'Mature content' }).getByRole('link', { name: 'Show mature content' }).click();
  await expect(bPage).toHaveURL(/\/settings#mature$/);
  await bPage.getByRole('checkbox', { name: /Show mature content/ }).click();
  await expect(bPage.getByText('Mature content is now shown')).toBeVisible();
  await bPage.goto('/gallery');
  await expect(bPage.getByText(matureTitle).first()).toBeVisible();
  await bPage.goto(`/content/${matureId}`);
  await expect(bPage.getByRole('region', { name: 'Mature content' })).toHaveCount(0);

  // B blocks A from A's profile; A's message to B is refused. B finds A in their blocked list.
  await bPage.goto(`/u/${a.username}`);
  bPage.once('dialog', (d) => void d.accept());
  await bPage.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(bPage.getByText(`You blocked @${a.username}`)).toBeVisible();
  await bPage.goto('/settings');
  await expect(bPage.getByRole('list', { name: 'Blocked people' })).toContainText(`@${a.username}`);

  await aPage.goto(`/messages/${bId}`);
  const thread = aPage.getByRole('region', { name: `Conversation with ${b.fullName}` });
  await expect(thread.getByText('Not connected to chat server')).toBeHidden({ timeout: 20_000 });
  await thread.getByRole('textbox', { name: 'Message' }).fill('Hello there');
  await thread.getByRole('button', { name: 'Send' }).click();
  await expect(aPage.getByText("You can't message this person")).toBeVisible();
});
