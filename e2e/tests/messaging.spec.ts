import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { newPerson, signIn, signUp } from './support';

/** A fresh browser context with one page, signed up as a new person through the UI. */
async function signedUpPage(browser: Browser, prefix: string) {
  const page = await (await browser.newContext()).newPage();
  const person = newPerson(prefix);
  await page.goto('/');
  await signUp(page, person);
  return { page, person };
}

/** The signed-in person's id, read with the access token the app keeps in localStorage. */
async function ownId(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  expect(token).toBeTruthy();
  const res = await page.request.get('/api/v1/users/me', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()).data.user.id as string;
}

/**
 * A signed-in person's realtime link is up once the open thread stops saying it is not. (The support
 * chat button is no witness here: it steps aside while the thread's input, focused on arrival, is.)
 */
async function expectConnected(thread: Locator) {
  await expect(thread.getByText('Not connected to chat server')).toBeHidden({ timeout: 20_000 });
}

test('direct messages: typing shows, a message arrives live, the read mark comes back, the list shows it', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { page: alicePage, person: alice } = await signedUpPage(browser, 'alice');
  const { page: brunoPage, person: bruno } = await signedUpPage(browser, 'bruno');
  const aliceId = await ownId(alicePage);
  const brunoId = await ownId(brunoPage);

  // Both open the same thread.
  await alicePage.goto(`/messages/${brunoId}`);
  await brunoPage.goto(`/messages/${aliceId}`);
  const aliceThread = alicePage.getByRole('region', { name: `Conversation with ${bruno.fullName}` });
  const brunoThread = brunoPage.getByRole('region', { name: `Conversation with ${alice.fullName}` });
  await expect(aliceThread.getByText('No messages yet. Start a conversation!')).toBeVisible();
  await expect(brunoThread.getByText('No messages yet. Start a conversation!')).toBeVisible();
  await expectConnected(aliceThread);
  await expectConnected(brunoThread);

  // Alice types (steadily, so the indicator does not idle out) and Bruno sees it.
  const text = `Hi Bruno, are you free on Thursday? ${Date.now().toString(36)}`;
  const input = aliceThread.getByRole('textbox', { name: 'Message' });
  const typing = input.pressSequentially(text, { delay: 120 });
  await expect(brunoThread.getByText('Typing...')).toBeVisible();
  await typing;

  // She sends; it arrives in Bruno's open thread without a reload and the indicator goes away.
  await aliceThread.getByRole('button', { name: 'Send' }).click();
  await expect(input).toHaveValue('');
  const brunoLog = brunoThread.getByRole('log', { name: 'Messages' });
  await expect(brunoLog.getByText(text)).toBeVisible();
  await expect(brunoThread.getByText('Typing...')).toBeHidden();

  // Bruno has it on screen, so it is read: Alice's message shows the read mark.
  const aliceBubble = aliceThread.getByRole('log', { name: 'Messages' }).getByRole('listitem').filter({ hasText: text });
  await expect(aliceBubble.getByLabel('Read', { exact: true })).toBeVisible();
  await expect(aliceBubble.getByLabel('Read', { exact: true })).toHaveText('✓✓');

  // Bruno's conversation list has Alice, with her message as the preview.
  await brunoPage.goto('/messages');
  const conversation = brunoPage.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: new RegExp(alice.fullName) });
  await expect(conversation).toBeVisible();
  await expect(conversation).toContainText(text);
  await conversation.click();
  await expect(brunoPage).toHaveURL(new RegExp(`/messages/${aliceId}$`));
  await expect(brunoPage.getByRole('log', { name: 'Messages' }).getByText(text)).toBeVisible();
});

test('support chat: a user writes to support, an admin answers from the inbox, the reply shows live', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // The admin waits in the support inbox.
  const adminPage = await (await browser.newContext()).newPage();
  await adminPage.goto('/');
  await signIn(adminPage, 'admin@atelier.test', 'AdminPass123');
  await adminPage.goto('/admin/support');
  await expect(adminPage.getByRole('heading', { name: 'Support inbox' })).toBeVisible();

  const { page: userPage, person: user } = await signedUpPage(browser, 'sam');

  // The floating button is there for a user, and its dot turns green once connected.
  const openButton = userPage.getByRole('button', { name: 'Open support chat (connected)' });
  await expect(openButton).toBeVisible({ timeout: 20_000 });
  await expect(userPage.getByTestId('support-chat-dot')).toHaveCSS('background-color', 'rgb(22, 163, 74)');
  await openButton.click();
  const panel = userPage.getByRole('dialog', { name: 'Support Chat' });
  await expect(panel.getByText('No messages yet. Start a conversation!')).toBeVisible();
  await panel.getByRole('textbox', { name: 'Message to support' }).fill('Hello support');
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(panel.getByRole('log', { name: 'Messages' }).getByText('Hello support')).toBeVisible();

  // It reaches the admin's inbox live; the admin opens it and replies.
  const conversation = adminPage
    .getByRole('list', { name: 'Conversations' })
    .getByRole('link', { name: new RegExp(user.fullName) });
  await expect(conversation).toBeVisible({ timeout: 20_000 });
  await expect(conversation).toContainText('Hello support');
  await conversation.click();
  const adminThread = adminPage.getByRole('region', { name: `Conversation with ${user.fullName}` });
  await expect(adminThread.getByRole('log', { name: 'Messages' }).getByText('Hello support')).toBeVisible();
  const reply = 'Hi Sam, thanks for writing. How can we help?';
  await adminThread.getByRole('textbox', { name: 'Message' }).fill(reply);
  await adminThread.getByRole('button', { name: 'Send' }).click();
  await expect(adminThread.getByRole('log', { name: 'Messages' }).getByText(reply)).toBeVisible();

  // The reply appears in the user's open panel without a reload.
  await expect(panel.getByRole('log', { name: 'Messages' }).getByText(reply)).toBeVisible();

  // Admins answer from the inbox: they never get the floating support button.
  await expect(adminPage.getByRole('button', { name: /support chat/i })).toHaveCount(0);
});
