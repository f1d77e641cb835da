import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Content } from '@atelier/shared';
import { moduleHooks } from '../src/modules/hooks.js';
import { applications } from '../src/modules/applications/applications.schema.js';
import { billingDeletionStep } from '../src/modules/billing/billing.deletion.js';
import { checkouts, localPaymentSessions, paymentCards, paymentCustomers, subscriptions } from '../src/modules/billing/billing.schema.js';
import { collectionItems, collections } from '../src/modules/collections/collections.schema.js';
import { content, contentComments, contentLikes } from '../src/modules/content/content.schema.js';
import { generationDeps } from '../src/modules/generation/generation.deps.js';
import { runGeneration } from '../src/modules/generation/generation.worker.js';
import { jobs } from '../src/modules/jobs/jobs.schema.js';
import { insertMessage } from '../src/modules/messaging/messaging.repository.js';
import { conversations, messages } from '../src/modules/messaging/messaging.schema.js';
import { follows } from '../src/modules/users/users.schema.js';
import { runAccountDeletion } from '../src/platform/account-deletion.js';
import { accountDeletionSteps } from '../src/platform/module-hooks.js';
import { oneTimeCodes, sessions, users } from '../src/modules/auth/auth.schema.js';
import { contactMessages } from '../src/modules/contact/contact.schema.js';
import type { PaymentProvider } from '../src/providers/payments/types.js';
import { createTestApp, type TestContext } from './app.js';
import { createUser, type TestUser } from './factories.js';

/**
 * Deleting an account removes or anonymises everything that was only the person's, in every
 * module (modules/hooks.ts), and leaves everyone else's data as it was. One person
 * ("leaving") and two others get data in every module; leaving deletes their account; each module
 * is then checked on its own.
 */
let t: TestContext;
let leaving: TestUser;
let staying: TestUser;
let other: TestUser;
const db = () => t.deps.database.db;
const api = (p: string) => `/api/v1${p}`;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const seeded = {} as {
  leavingJob: string;
  stayingJob: string;
  applicationToLeavingJob: string;
  leavingApplication: string;
  otherApplication: string;
  privateItem: Content;
  publicItem: Content;
  stayingItem: Content;
  leavingCollection: string;
  stayingCollection: string;
};

function multipart(fields: Record<string, string>, file: Buffer) {
  const boundary = `----atelier${randomUUID().replace(/-/g, '')}`;
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="resume"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function postJob(who: TestUser): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: api('/jobs'),
    headers: who.headers,
    payload: { title: 'Editor', company: 'Loop', location: 'Remote', employmentType: 'contract', description: 'Cut clips.' },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}

async function applyWithResume(who: TestUser, jobId: string): Promise<string> {
  const form = multipart({ jobId, name: who.fullName, email: who.email, coverLetter: 'Hello' }, PDF);
  const res = await t.app.inject({ method: 'POST', url: api('/applications'), headers: { ...who.headers, ...form.headers }, payload: form.payload });
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}

async function generate(who: TestUser, isPrivate: boolean): Promise<Content> {
  const res = await t.app.inject({
    method: 'POST',
    url: api('/content/generate'),
    headers: who.headers,
    payload: { contentType: 'illustration', prompt: 'A quiet harbour', model: 'stable-diffusion-xl', isPrivate },
  });
  expect(res.statusCode).toBe(201);
  await runGeneration(generationDeps(t.deps), res.json().data.id);
  return (await t.app.inject({ method: 'GET', url: api(`/content/${res.json().data.id}`), headers: who.headers })).json().data;
}

async function seedSubscription(userId: string, provider = 'local', providerSubscriptionId: string | null = null): Promise<string> {
  const now = new Date();
  const checkoutId = randomUUID();
  await db().insert(checkouts).values({
    id: checkoutId,
    userId,
    kind: 'subscription',
    description: 'Pro plan',
    credits: 100,
    amount: 900,
    currency: 'USD',
    status: 'complete',
    provider,
    providerSessionId: `ls_${checkoutId}`,
    clientSecret: 'secret',
    expiresAt: new Date(now.getTime() + 3600_000),
  });
  await db().insert(subscriptions).values({
    userId,
    checkoutId,
    status: 'active',
    billingFrequency: 'monthly',
    currentPeriodStart: now,
    currentPeriodEnd: new Date(now.getTime() + 30 * 86400_000),
    provider,
    providerSubscriptionId,
  });
  return checkoutId;
}

async function seedBilling(userId: string) {
  const now = new Date();
  const checkoutId = await seedSubscription(userId);
  await db().insert(paymentCards).values({ userId, provider: 'local', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 });
  await db().insert(paymentCustomers).values({ userId, provider: 'stripe', customerId: `cus_${userId.slice(0, 8)}` });
  await db().insert(localPaymentSessions).values({
    id: `ls_${randomUUID()}`,
    userId,
    reference: checkoutId,
    clientSecret: 'secret',
    amount: 900,
    currency: 'USD',
    cardLast4: '4242',
    expiresAt: new Date(now.getTime() + 3600_000),
  });
}

const resumeFile = (applicationId: string) => path.join(t.deps.config.dataDir, 'resumes', `${applicationId}.pdf`);

beforeAll(async () => {
  t = await createTestApp();
  leaving = await createUser(t.deps, { credits: 200 });
  staying = await createUser(t.deps, { credits: 200 });
  other = await createUser(t.deps);

  // jobs and applications, with résumé files
  seeded.leavingJob = await postJob(leaving);
  seeded.stayingJob = await postJob(staying);
  seeded.applicationToLeavingJob = await applyWithResume(staying, seeded.leavingJob);
  seeded.leavingApplication = await applyWithResume(leaving, seeded.stayingJob);
  seeded.otherApplication = await applyWithResume(other, seeded.stayingJob);

  // messages, both ways, and a conversation that does not involve them
  const limit = { count: 1000, windowMs: 60_000 };
  for (const [from, to] of [[leaving, staying], [staying, leaving], [staying, other]] as const) {
    await insertMessage(db(), { senderId: from.id, authorId: from.id, recipientId: to.id, content: `from ${from.username}`, now: new Date(), limit });
  }
  await db().insert(contactMessages).values({ name: 'Leaving', email: leaving.email, subject: 'Hi', message: 'A question', userId: leaving.id });

  // content: theirs (private and public), and someone else's they liked and commented on
  seeded.privateItem = await generate(leaving, true);
  seeded.publicItem = await generate(leaving, false);
  seeded.stayingItem = await generate(staying, false);
  expect((await t.app.inject({ method: 'POST', url: api(`/content/${seeded.stayingItem.id}/like`), headers: leaving.headers })).statusCode).toBeLessThan(300);
  expect((await t.app.inject({ method: 'POST', url: api(`/content/${seeded.stayingItem.id}/like`), headers: other.headers })).statusCode).toBeLessThan(300);
  const comment = await t.app.inject({ method: 'POST', url: api(`/content/${seeded.stayingItem.id}/comments`), headers: leaving.headers, payload: { content: 'Lovely light' } });
  expect(comment.statusCode).toBe(201);

  // collections: theirs (holding someone else's item), and someone else's holding their public item
  const mine = await t.app.inject({ method: 'POST', url: api('/collection'), headers: leaving.headers, payload: { name: 'Mine' } });
  seeded.leavingCollection = mine.json().data.id;
  await t.app.inject({ method: 'POST', url: api(`/collection/${seeded.leavingCollection}/items`), headers: leaving.headers, payload: { itemId: seeded.stayingItem.id, itemType: 'content' } });
  const theirs = await t.app.inject({ method: 'POST', url: api('/collection'), headers: staying.headers, payload: { name: 'Theirs' } });
  seeded.stayingCollection = theirs.json().data.id;
  await t.app.inject({ method: 'POST', url: api(`/collection/${seeded.stayingCollection}/items`), headers: staying.headers, payload: { itemId: seeded.publicItem.id, itemType: 'content' } });

  // follows both ways, and one between others
  for (const [who, whom] of [[leaving, staying], [staying, leaving], [other, staying]] as const) {
    expect((await t.app.inject({ method: 'POST', url: api(`/users/follow/${whom.id}`), headers: who.headers })).statusCode).toBeLessThan(300);
  }

  // moderation: reports they made and one about them, one between others; blocks both ways and between others
  const reportOf = async (who: TestUser, targetType: string, targetId: string) =>
    expect((await t.app.inject({ method: 'POST', url: api('/reports'), headers: who.headers, payload: { targetType, targetId, reason: 'spam' } })).statusCode).toBe(201);
  await reportOf(leaving, 'user', staying.id);
  await reportOf(staying, 'user', leaving.id);
  await reportOf(other, 'user', staying.id);
  const fourth = await createUser(t.deps);
  for (const [who, whom] of [[leaving, other], [other, leaving], [other, fourth]] as const) {
    expect((await t.app.inject({ method: 'POST', url: api(`/users/block/${whom.id}`), headers: who.headers })).statusCode).toBe(200);
  }

  // billing: a live subscription, a saved card, a provider customer, a payment session
  await seedBilling(leaving.id);
  await seedBilling(staying.id);

  // delete the account, confirmed with the emailed code (the factory's accounts have no password)
  expect((await t.app.inject({ method: 'POST', url: api('/users/account/deletion-code'), headers: leaving.headers })).statusCode).toBe(200);
  const code = t.mailer.lastCode(leaving.email);
  const res = await t.app.inject({ method: 'DELETE', url: api('/users/account'), headers: leaving.headers, payload: { code } });
  expect(res.statusCode).toBe(200);
});
afterAll(async () => t.close());

describe('account deletion, module by module', () => {
  it('every table that names a person is answered for by a step', async () => {
    const claimed = new Set(accountDeletionSteps(moduleHooks(t.deps)).flatMap((s) => s.tables));
    const rows = await db().execute<{ table_name: string }>(sql`
      SELECT DISTINCT c.table_name
      FROM information_schema.columns c
      WHERE c.table_schema = current_schema()
        AND c.data_type = 'uuid'
        AND (c.column_name IN ('user_id', 'owner_id', 'applicant_id', 'sender_id', 'recipient_id', 'author_id', 'actor_id', 'target_user_id', 'user_a_id', 'user_b_id', 'follower_id', 'following_id')
          OR EXISTS (
            SELECT 1 FROM information_schema.key_column_usage k
            JOIN information_schema.referential_constraints r ON r.constraint_name = k.constraint_name AND r.constraint_schema = k.constraint_schema
            JOIN information_schema.constraint_column_usage u ON u.constraint_name = r.unique_constraint_name AND u.constraint_schema = r.unique_constraint_schema
            WHERE k.table_name = c.table_name AND k.column_name = c.column_name AND k.table_schema = c.table_schema AND u.table_name = 'users'))`);
    const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as { table_name: string }[];
    const tables = list.map((r) => r.table_name);
    expect(tables.length).toBeGreaterThan(10);
    expect(tables.filter((name) => !claimed.has(name))).toEqual([]);
  });

  it('users: the row is anonymised, follows both ways are gone, others’ follows stay', async () => {
    const [row] = await db().select().from(users).where(eq(users.id, leaving.id));
    expect(row).toMatchObject({ fullName: 'Deleted user', email: `deleted-${leaving.id}@deleted.invalid`, passwordHash: null, avatar: null, bio: null });
    expect(row?.deletedAt).not.toBeNull();
    expect(await db().select().from(follows).where(or(eq(follows.followerId, leaving.id), eq(follows.followingId, leaving.id)))).toEqual([]);
    expect(await db().select().from(follows).where(eq(follows.followerId, other.id))).toHaveLength(1);
  });

  it('moderation: reports they made and about them are gone, and blocks on both sides; others’ stay', async () => {
    const n = async (text: string, params: unknown[]) => (await t.deps.database.query<{ n: number }>(text, params)).rows[0]!.n;
    expect(await n('SELECT count(*)::int AS n FROM reports WHERE reporter_id = $1 OR target_id = $1 OR target_user_id = $1', [leaving.id])).toBe(0);
    expect(await n('SELECT count(*)::int AS n FROM reports WHERE reporter_id = $1', [other.id])).toBe(1);
    expect(await n('SELECT count(*)::int AS n FROM user_blocks WHERE blocker_id = $1 OR blocked_id = $1', [leaving.id])).toBe(0);
    expect(await n('SELECT count(*)::int AS n FROM user_blocks WHERE blocker_id = $1', [other.id])).toBe(1);
  });

  it('auth: every session and code of the person is gone, and their token no longer works', async () => {
    expect(await db().select().from(sessions).where(eq(sessions.userId, leaving.id))).toEqual([]);
    expect(await db().select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, leaving.id))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: api('/users/me'), headers: leaving.headers })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: api('/users/me'), headers: staying.headers })).statusCode).toBe(200);
  });

  it('jobs: the jobs they posted are gone; others’ jobs stay', async () => {
    expect(await db().select().from(jobs).where(eq(jobs.ownerId, leaving.id))).toEqual([]);
    expect(await db().select().from(jobs).where(eq(jobs.id, seeded.stayingJob))).toHaveLength(1);
  });

  it('applications: theirs and those to their jobs are gone with the résumé files; others’ stay', async () => {
    const gone = [seeded.leavingApplication, seeded.applicationToLeavingJob];
    expect(await db().select().from(applications).where(inArray(applications.id, gone))).toEqual([]);
    for (const id of gone) expect(fs.existsSync(resumeFile(id))).toBe(false);
    expect(await db().select().from(applications).where(eq(applications.id, seeded.otherApplication))).toHaveLength(1);
    expect(fs.existsSync(resumeFile(seeded.otherApplication))).toBe(true);
  });

  it('messaging: their conversations and messages are gone, and their contact messages; others’ stay', async () => {
    expect(await db().select().from(messages).where(or(eq(messages.senderId, leaving.id), eq(messages.recipientId, leaving.id), eq(messages.authorId, leaving.id)))).toEqual([]);
    expect(await db().select().from(conversations).where(or(eq(conversations.userAId, leaving.id), eq(conversations.userBId, leaving.id)))).toEqual([]);
    expect(await db().select().from(contactMessages).where(eq(contactMessages.userId, leaving.id))).toEqual([]);
    const kept = await db().select().from(messages).where(and(eq(messages.senderId, staying.id), eq(messages.recipientId, other.id)));
    expect(kept).toHaveLength(1);
  });

  it('content: private items are gone with their files; the public one stays as by "Deleted user"; their like is taken back', async () => {
    expect(await db().select().from(content).where(eq(content.id, seeded.privateItem.id))).toEqual([]);
    expect(await t.deps.storage.get(`content/${seeded.privateItem.id}/original.png`)).toBeNull();
    const pub = await t.app.inject({ method: 'GET', url: api(`/content/${seeded.publicItem.id}`) });
    expect(pub.json().data.owner.fullName).toBe('Deleted user');
    expect(await db().select().from(contentLikes).where(eq(contentLikes.userId, leaving.id))).toEqual([]);
    const [liked] = await db().select({ likeCount: content.likeCount }).from(content).where(eq(content.id, seeded.stayingItem.id));
    expect(liked?.likeCount).toBe(1);
    // Their comment stays in the thread, under the anonymised account.
    expect(await db().select().from(contentComments).where(eq(contentComments.userId, leaving.id))).toHaveLength(1);
  });

  it('collections: theirs are gone; others’ keep the public item they saved', async () => {
    expect(await db().select().from(collections).where(eq(collections.userId, leaving.id))).toEqual([]);
    expect(await db().select().from(collectionItems).where(eq(collectionItems.collectionId, seeded.leavingCollection))).toEqual([]);
    expect(await db().select().from(collectionItems).where(eq(collectionItems.collectionId, seeded.stayingCollection))).toHaveLength(1);
  });

  it('billing: the subscription is canceled, cards, provider customer and payment sessions are gone; others’ untouched', async () => {
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, leaving.id));
    expect(sub).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: true });
    for (const table of [paymentCards, paymentCustomers, localPaymentSessions]) {
      expect(await db().select().from(table).where(eq(table.userId, leaving.id))).toEqual([]);
      expect(await db().select().from(table).where(eq(table.userId, staying.id))).toHaveLength(1);
    }
    const [theirs] = await db().select().from(subscriptions).where(eq(subscriptions.userId, staying.id));
    expect(theirs?.status).toBe('active');
  });

  it('billing: a subscription billed at the provider is cancelled there before anything is deleted', async () => {
    const person = await createUser(t.deps);
    const now = new Date();
    await seedSubscription(person.id, 'stripe', 'sub_123');
    await db().insert(paymentCards).values({ userId: person.id, provider: 'stripe', brand: 'visa', last4: '1111', expMonth: 1, expYear: 2031 });
    const calls: { id: string; cancel: boolean; cardsLeft: number }[] = [];
    const provider = {
      name: 'stripe',
      renewals: 'provider',
      subscriptions: {
        async setCancelAtPeriodEnd(id: string, cancel: boolean) {
          const cards = await db().select().from(paymentCards).where(eq(paymentCards.userId, person.id));
          calls.push({ id, cancel, cardsLeft: cards.length });
          return { cancelAtPeriodEnd: cancel, periodStart: now, periodEnd: now } as never;
        },
        changePrice: async () => {
          throw new Error('not used');
        },
        portalUrl: async () => null,
      },
      createSession: async () => {
        throw new Error('not used');
      },
      sessionEvents: async () => [],
      chargeRenewal: async () => ({ ok: false, message: 'not used' }),
    } as PaymentProvider;
    const step = billingDeletionStep({ db: db(), realtime: t.deps.realtime, clock: () => now, provider, publicUrl: 'http://x' });
    await runAccountDeletion(db(), [step], person.id, now);
    expect(calls).toEqual([{ id: 'sub_123', cancel: true, cardsLeft: 1 }]);
    expect(await db().select().from(paymentCards).where(eq(paymentCards.userId, person.id))).toEqual([]);

    // When the provider refuses, nothing is deleted and the deletion fails loudly.
    const refused = await createUser(t.deps);
    await seedSubscription(refused.id, 'stripe', 'sub_456');
    const failing = { ...provider, subscriptions: { ...provider.subscriptions!, setCancelAtPeriodEnd: async () => Promise.reject(new Error('provider down')) } };
    const failingStep = billingDeletionStep({ db: db(), realtime: t.deps.realtime, clock: () => now, provider: failing, publicUrl: 'http://x' });
    await expect(runAccountDeletion(db(), [failingStep], refused.id, now)).rejects.toThrow('provider down');
    const [still] = await db().select().from(subscriptions).where(eq(subscriptions.userId, refused.id));
    expect(still?.status).toBe('active');
  });
});
