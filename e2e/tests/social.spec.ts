import { expect, test, type APIRequestContext } from '@playwright/test';
import { newPerson, signIn } from './support';

async function registerByApi(request: APIRequestContext, prefix: string) {
  const person = newPerson(prefix);
  const res = await request.post('/api/v1/auth/register', { data: person });
  expect(res.status()).toBe(201);
  const { data } = await res.json();
  return { ...person, id: data.user.id as string, auth: { authorization: `Bearer ${data.accessToken as string}` } };
}

/** Generates an item for `who` through the API and waits until it is ready. */
async function post(request: APIRequestContext, who: { auth: Record<string, string> }, title: string) {
  const res = await request.post('/api/v1/content/generate', {
    headers: who.auth,
    data: { contentType: 'photo', prompt: `${title}, soft morning light`, name: title },
  });
  expect(res.status()).toBe(201);
  const id = (await res.json()).data.id as string;
  await expect
    .poll(async () => (await (await request.get(`/api/v1/content/${id}`, { headers: who.auth })).json()).data?.status, {
      timeout: 90_000,
      intervals: [500, 1000],
    })
    .toBe('ready');
  return id;
}

test('A posts; B follows A and comments; A sees the bell rise live and follows the link; B sees A’s next item under Following', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const a = await registerByApi(request, 'poster');
  const b = await registerByApi(request, 'fan');
  const suffix = Date.now().toString(36);
  const firstTitle = `Harbour ${suffix}`;
  const firstId = await post(request, a, firstTitle);

  // A signs in; whatever A was told so far (the finished item) is the starting count.
  const aPage = await (await browser.newContext()).newPage();
  await aPage.goto('/');
  await signIn(aPage, a.email, a.password);
  const unreadNow = async () => (await (await request.get('/api/v1/notifications/unread-count', { headers: a.auth })).json()).data.unread as number;
  await expect.poll(unreadNow, { timeout: 10_000 }).toBeGreaterThan(0);
  const start = await unreadNow();
  const bell = aPage.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName(`Notifications, ${start} unread`);

  // B follows A and comments, through the API; A's bell counts both without a reload.
  expect((await request.post(`/api/v1/users/follow/${a.id}`, { headers: b.auth })).status()).toBeLessThan(300);
  await expect(bell).toHaveAccessibleName(`Notifications, ${start + 1} unread`);
  const comment = 'The mist on the water is lovely';
  expect((await request.post(`/api/v1/content/${firstId}/comments`, { headers: b.auth, data: { content: comment } })).status()).toBe(201);
  await expect(bell).toHaveAccessibleName(`Notifications, ${start + 2} unread`);

  // A opens the panel and follows the comment's link to the item.
  await bell.click();
  const panel = aPage.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByRole('link', { name: new RegExp(`${b.fullName} started following you`) })).toBeVisible();
  const row = panel.getByRole('link', { name: new RegExp(`${b.fullName} commented on “?"?${firstTitle}`) });
  await expect(row).toContainText(comment);
  await row.click();
  await expect(aPage).toHaveURL(new RegExp(`/content/${firstId}$`));
  await expect(aPage.getByRole('heading', { level: 1, name: firstTitle })).toBeVisible();
  await expect(bell).toHaveAccessibleName(`Notifications, ${start + 1} unread`);

  // A posts again; B finds it under Following in the gallery.
  const nextTitle = `Lighthouse ${suffix}`;
  await post(request, a, nextTitle);
  const bPage = await (await browser.newContext()).newPage();
  await bPage.goto('/');
  await signIn(bPage, b.email, b.password);
  await bPage.goto('/gallery');
  await bPage.getByRole('tablist', { name: 'Whose work' }).getByRole('tab', { name: 'Following' }).click();
  await expect(bPage).toHaveURL(/view=following/);
  const gallery = bPage.getByRole('list', { name: 'Gallery' });
  await expect(gallery.getByRole('listitem').first()).toContainText(nextTitle);
  await expect(gallery.getByRole('listitem').filter({ hasText: firstTitle })).toBeVisible();
});
