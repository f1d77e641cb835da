import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdmin } from '../src/modules/auth/admin-bootstrap.js';
import { createTestApp, type TestContext } from './app.js';
import { bearer, registerUser } from './auth-helpers.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: 'true', MAIL_FROM: 'Atelier <hello@atelier.test>' });
});
afterAll(async () => t.close());

const message = {
  name: 'Jo Visitor',
  email: 'Jo@Example.com',
  subject: 'Question about plans',
  message: 'Do yearly plans include the bonus credits?',
};

const send = (payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/contact', payload, headers });

interface StoredMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
  user_id: string | null;
}

async function stored(id: string): Promise<StoredMessage | undefined> {
  const res = await t.deps.database.db.execute(
    sql`select name, email, subject, message, user_id from contact_messages where id = ${id}`,
  );
  return (res as unknown as { rows: StoredMessage[] }).rows[0];
}

async function count(): Promise<number> {
  const res = await t.deps.database.db.execute(sql`select count(*)::int as n from contact_messages`);
  return (res as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

describe('POST /contact', () => {
  it('with no admin yet, stores the message and mails it to our own sender address', async () => {
    const res = await send(message);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ data: { id: expect.any(String) }, message: 'Thanks! Your message has been sent.' });
    expect(await stored(res.json().data.id)).toEqual({
      name: 'Jo Visitor',
      email: 'jo@example.com',
      subject: 'Question about plans',
      message: 'Do yearly plans include the bonus credits?',
      user_id: null,
    });
    const mail = t.mailer.last('hello@atelier.test');
    expect(mail).toMatchObject({ replyTo: 'jo@example.com', subject: 'Contact form: Question about plans' });
    expect(mail?.text).toContain('Do yearly plans include the bonus credits?');
    expect(mail?.text).toContain('Jo Visitor <jo@example.com>');
  });

  it('goes to the first admin, and records the signed-in sender', async () => {
    await ensureAdmin(
      { db: t.deps.database.db, clock: t.clock.now },
      { email: 'support-admin@example.com', password: 'Admin1pass' },
    );
    const member = await registerUser(t);
    const res = await send(message, bearer(member.accessToken));
    expect(res.statusCode).toBe(201);
    expect((await stored(res.json().data.id))?.user_id).toBe(member.user.id);
    expect(t.mailer.last()?.to).toBe('support-admin@example.com');
  });

  it('keeps a line break in the subject out of the mail headers', async () => {
    await send({ ...message, subject: 'Hello\r\nBcc: victim@example.com' });
    expect(t.mailer.last()?.subject).toBe('Contact form: Hello Bcc: victim@example.com');
  });

  it('rejects missing fields, a bad email and an overlong message, storing nothing', async () => {
    const before = await count();
    const missing = await send({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details.map((d: { path: string }) => d.path)).toEqual(
      expect.arrayContaining(['body.name', 'body.email', 'body.subject', 'body.message']),
    );
    const badEmail = await send({ ...message, email: 'nope' });
    expect(badEmail.json().message).toBe('Please enter a valid email address');
    const long = await send({ ...message, message: 'x'.repeat(5001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Message must be at most 5000 characters long');
    expect((await send({ ...message, message: 'x'.repeat(5000) })).statusCode).toBe(201);
    expect(await count()).toBe(before + 1);
  });

  it('ignores a bad token instead of refusing the message', async () => {
    const res = await send(message, bearer('not-a-token'));
    expect(res.statusCode).toBe(201);
    expect((await stored(res.json().data.id))?.user_id).toBeNull();
  });
});

describe('POST /contact with SUPPORT_EMAIL set', () => {
  let other: TestContext;
  beforeAll(async () => {
    other = await createTestApp({ RATE_LIMIT_DISABLED: 'true', SUPPORT_EMAIL: 'help@atelier.test' });
  });
  afterAll(async () => other.close());

  it('mails that address', async () => {
    const res = await other.app.inject({ method: 'POST', url: '/api/v1/contact', payload: message });
    expect(res.statusCode).toBe(201);
    expect(other.mailer.last()?.to).toBe('help@atelier.test');
  });
});
