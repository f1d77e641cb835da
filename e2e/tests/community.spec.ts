import { expect, test, type APIRequestContext } from '@playwright/test';
import { newPerson, signUp } from './support';

async function registerByApi(request: APIRequestContext, prefix: string) {
  const person = newPerson(prefix);
  const res = await request.post('/api/v1/auth/register', { data: person });
  expect(res.status()).toBe(201);
  const { data } = await res.json();
  return { ...person, token: data.accessToken as string };
}

/** A letters-only word no other content has, so full-text search finds exactly this piece. */
function uniqueWord() {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let word = 'zephyr';
  for (let i = 0; i < 8; i++) word += letters[Math.floor(Math.random() * letters.length)];
  return word;
}

test('browse the gallery, search, open a piece, like it, reply, save it to a new collection, follow its author; it all survives a reload', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);

  // Maker publishes a photo and comments on it, through the API.
  const maker = await registerByApi(request, 'maker');
  const auth = { authorization: `Bearer ${maker.token}` };
  const word = uniqueWord();
  const title = `Harbour ${word}`;
  const generated = await request.post('/api/v1/content/generate', {
    headers: auth,
    data: { contentType: 'photo', prompt: `A quiet harbour at dawn, ${word} boats, soft mist`, name: title },
  });
  expect(generated.status()).toBe(201);
  const contentId = (await generated.json()).data.id as string;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/v1/content/${contentId}`, { headers: auth });
        return (await res.json()).data?.status;
      },
      { timeout: 90_000, intervals: [500, 1000] },
    )
    .toBe('ready');
  const makerComment = 'Shot this one at first light — tell me what you think.';
  const commented = await request.post(`/api/v1/content/${contentId}/comments`, { headers: auth, data: { content: makerComment } });
  expect(commented.status()).toBe(201);

  // Viewer finds it in the gallery, then by searching a word of its prompt.
  const viewer = newPerson('viewer');
  await page.goto('/');
  await signUp(page, viewer);
  await page.goto('/gallery');
  const gallery = page.getByRole('list', { name: 'Gallery' });
  await expect(gallery.getByRole('listitem').filter({ hasText: title })).toBeVisible();
  await expect(gallery.getByRole('listitem').filter({ hasText: title })).toContainText(maker.fullName);

  await page.getByRole('searchbox', { name: 'Search the gallery' }).fill(word);
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${word}`));
  await expect(page.getByText(`Results for “${word}”`)).toBeVisible();
  const result = gallery.getByRole('listitem').filter({ hasText: title });
  await expect(result).toBeVisible();
  await expect(gallery.getByRole('listitem')).toHaveCount(1);

  // Open it.
  await result.getByRole('link', { name: title }).last().click();
  await expect(page).toHaveURL(new RegExp(`/content/${contentId}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // Like: 0 → 1.
  await page.getByRole('button', { name: `Like ${title} (0 likes)` }).click();
  const liked = page.getByRole('button', { name: `Unlike ${title} (1 likes)` });
  await expect(liked).toBeVisible();
  await expect(liked).toHaveAttribute('aria-pressed', 'true');

  // Reply to Maker's comment; the reply shows under it.
  const thread = page.locator('.comment-list > li').filter({ hasText: makerComment });
  await expect(thread).toContainText(maker.fullName);
  await thread.getByRole('button', { name: 'Reply', exact: true }).click();
  const replyText = 'The mist makes it. Saving this one.';
  await thread.getByRole('textbox', { name: 'Your reply' }).fill(replyText);
  await thread.locator('form').getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(thread.getByRole('textbox', { name: 'Your reply' })).toBeHidden();
  const reply = thread.getByRole('list').getByRole('listitem').filter({ hasText: replyText });
  await expect(reply).toBeVisible();
  await expect(reply).toContainText(viewer.fullName);

  // Save to a new collection.
  const collectionName = `Mornings ${word}`;
  await page.getByRole('button', { name: 'Save to collection' }).click();
  const menu = page.getByRole('list', { name: 'Your collections' });
  await menu.getByRole('button', { name: 'New collection…' }).click();
  await menu.getByRole('textbox', { name: 'New collection name' }).fill(collectionName);
  await menu.getByRole('button', { name: 'Create' }).click();
  // The button itself now says where the item is saved.
  await expect(page.getByRole('button', { name: `Saved to ${collectionName}` })).toBeVisible();

  // Follow the author.
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Following', exact: true })).toHaveAttribute('aria-pressed', 'true');

  // After a reload: still liked, the reply is there, still following, and the item is in the collection.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('button', { name: `Unlike ${title} (1 likes)` })).toHaveAttribute('aria-pressed', 'true');
  const threadAfter = page.locator('.comment-list > li').filter({ hasText: makerComment });
  await expect(threadAfter.getByRole('list').getByRole('listitem').filter({ hasText: replyText })).toBeVisible();
  await expect(page.getByText('2 comments')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Following', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: `Saved to ${collectionName}` }).click();
  await expect(
    page.getByRole('list', { name: 'Your collections' }).getByRole('checkbox', { name: collectionName }),
  ).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');

  await page.goto('/collection');
  await expect(page.getByRole('heading', { level: 1, name: 'Collections' })).toBeVisible();
  const card = page.locator('article').filter({ has: page.getByRole('link', { name: collectionName }) });
  await expect(card).toContainText('1 item');
  await card.getByRole('link', { name: collectionName }).click();
  await expect(page.getByRole('heading', { level: 1, name: collectionName })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(title) })).toBeVisible();
});
