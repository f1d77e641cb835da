import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { sessions } from '../src/modules/auth/auth.schema.js';
import { billingDeps } from '../src/modules/billing/billing.deps.js';
import type { TestContext } from './app.js';
import type { TestUser } from './factories.js';

export const api = (path: string) => `/api/v1${path}`;

export const CARDS = {
  ok: '4242 4242 4242 4242',
  decline: '4000 0000 0000 0002',
  threeDs: '4000 0025 0000 3155',
};

export function card(number: string) {
  return { cardNumber: number, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123', name: 'Test Person' };
}

export function depsOf(t: TestContext) {
  return billingDeps(t.deps);
}

export async function balanceOf(t: TestContext, user: TestUser): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: api('/credits/balance'), headers: user.headers });
  expect(res.statusCode).toBe(200);
  return res.json().data.credits as number;
}

export async function pay(t: TestContext, user: TestUser, sessionId: string, number = CARDS.ok) {
  return t.app.inject({ method: 'POST', url: api(`/payments/local/sessions/${sessionId}/pay`), headers: user.headers, payload: card(number) });
}

/** A fresh session and token for a user, after the test clock has moved past the old ones. */
export async function signInAgain(t: TestContext, user: TestUser): Promise<void> {
  const [session] = await t.deps.database.db
    .insert(sessions)
    .values({
      userId: user.id,
      familyId: randomUUID(),
      refreshTokenHash: randomBytes(32).toString('hex'),
      expiresAt: new Date(t.clock.now().getTime() + 30 * 24 * 3600 * 1000),
    })
    .returning();
  if (!session) throw new Error('session insert returned nothing');
  user.token = await t.deps.tokens.signAccess({ id: user.id, role: user.role, sessionId: session.id });
  user.headers.authorization = `Bearer ${user.token}`;
}
