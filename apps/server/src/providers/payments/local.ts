import { createHash, randomBytes } from 'node:crypto';
import {
  addInterval,
  type ChargeNowInput,
  type ChargeNowResult,
  type CreateSessionInput,
  type PaymentEvent,
  type PaymentProvider,
  type RenewalChargeInput,
  type RenewalChargeResult,
} from './types.js';

export const LOCAL_PROVIDER = 'local';

/** The well-known test numbers the local checkout understands. */
export const LOCAL_TEST_CARDS = {
  succeeds: '4242424242424242',
  declines: '4000000000000002',
  requiresAuthentication: '4000002500003155',
} as const;

export const LOCAL_MESSAGES = {
  invalidNumber: 'Your card number is invalid.',
  declined: 'Your card was declined.',
  expired: 'Your card has expired.',
  authenticationFailed: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  notPayable: 'This checkout can no longer be paid.',
  noAction: 'This payment is not waiting for authentication.',
  noCard: 'No saved payment method for this customer.',
  renewalDeclined: 'The saved card was declined.',
} as const;

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export interface LocalCard {
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name: string;
}

export type LocalPayOutcome =
  | { status: 'paid'; events: PaymentEvent[] }
  | { status: 'requires_action'; events: [] }
  | { status: 'declined'; message: string; events: PaymentEvent[] }
  /** Refused before any attempt (bad number, expired, wrong session); no event. */
  | { status: 'invalid'; message: string; httpStatus: 400 | 404 | 409 };

export interface LocalPaymentProvider extends PaymentProvider {
  pay(sessionId: string, userId: string, card: LocalCard): Promise<LocalPayOutcome>;
  confirm3ds(sessionId: string, userId: string, approve: boolean): Promise<LocalPayOutcome>;
  /** Closes an unpaid session (its owner gave up on it): paying it afterwards is refused. */
  closeSession(sessionId: string): Promise<void>;
}

export interface LocalSession {
  id: string;
  userId: string;
  reference: string;
  billingInterval: 'month' | 'year' | null;
  clientSecret: string;
  amount: number;
  currency: string;
  status: 'open' | 'requires_action' | 'paid' | 'declined' | 'expired';
  cardLast4: string | null;
  cardBrand: string | null;
  paidAt: Date | null;
  expiresAt: Date;
  createdAt: Date;
}

export type NewLocalSession = Omit<LocalSession, 'status' | 'cardLast4' | 'cardBrand' | 'paidAt'>;
export type LocalSessionPatch = Partial<Pick<LocalSession, 'status' | 'cardLast4' | 'cardBrand' | 'paidAt'>>;

export interface NewLocalCard {
  userId: string;
  provider: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/**
 * Where the local checkout keeps its sessions and saved cards. Billing owns those tables and
 * passes this in, so the adapter knows no table.
 */
export interface LocalCheckoutStore {
  insertSession(row: NewLocalSession): Promise<void>;
  findSession(id: string): Promise<LocalSession | undefined>;
  /** Runs `work` in one transaction holding the session's row lock, with a store bound to that transaction. */
  inLockedSession<T>(id: string, work: (row: LocalSession | undefined, store: LocalCheckoutStore) => Promise<T>): Promise<T>;
  updateSession(id: string, patch: LocalSessionPatch): Promise<LocalSession | undefined>;
  /** Expires the session unless it was paid. */
  expireUnpaid(id: string): Promise<void>;
  saveCard(card: NewLocalCard): Promise<void>;
  /** The card the user saved last with this provider. */
  latestCard(userId: string, provider: string): Promise<{ declinesRenewals: boolean } | undefined>;
}

type SessionRow = LocalSession;

/**
 * Atelier's own checkout: sessions and saved cards live in our database, and a payment produces
 * the same events a hosted provider's webhook would (with stable ids derived from the session, so
 * a replay or a reconciliation is recognised as the same event).
 */
export function createLocalPaymentProvider(deps: { store: LocalCheckoutStore; clock: () => Date }): LocalPaymentProvider {
  const { store, clock } = deps;

  const paidEvents = (row: SessionRow): PaymentEvent[] => {
    if (row.status !== 'paid' || !row.paidAt) return [];
    const paidAt = row.paidAt.toISOString();
    const events: PaymentEvent[] = [
      { id: `evt_local_${row.id}_completed`, provider: LOCAL_PROVIDER, type: 'checkout.completed', checkoutId: row.reference, sessionId: row.id, paidAt },
    ];
    if (row.billingInterval) {
      events.push({
        id: `evt_local_${row.id}_period_${paidAt}`,
        provider: LOCAL_PROVIDER,
        type: 'subscription.period_paid',
        checkoutId: row.reference,
        periodStart: paidAt,
        periodEnd: addInterval(row.paidAt, row.billingInterval).toISOString(),
      });
    }
    return events;
  };

  const declinedEvent = (row: SessionRow, message: string): PaymentEvent => ({
    id: `evt_local_${row.id}_declined_${randomBytes(6).toString('hex')}`,
    provider: LOCAL_PROVIDER,
    type: 'checkout.declined',
    checkoutId: row.reference,
    sessionId: row.id,
    message,
  });

  function payableSession(row: SessionRow | undefined, userId: string): SessionRow | LocalPayOutcome {
    if (!row || row.userId !== userId) return { status: 'invalid', message: 'Checkout session not found', httpStatus: 404 };
    if (row.status === 'paid' || row.status === 'expired' || row.expiresAt.getTime() <= clock().getTime()) {
      return { status: 'invalid', message: LOCAL_MESSAGES.notPayable, httpStatus: 409 };
    }
    return row;
  }

  async function markPaid(tx: LocalCheckoutStore, row: SessionRow, last4: string): Promise<LocalPayOutcome> {
    const now = clock();
    const updated = await tx.updateSession(row.id, { status: 'paid', paidAt: now, cardLast4: last4, cardBrand: 'visa' });
    const year = now.getUTCFullYear() + 3;
    await tx.saveCard({ userId: row.userId, provider: LOCAL_PROVIDER, brand: 'visa', last4, expMonth: 12, expYear: year });
    return { status: 'paid', events: updated ? paidEvents(updated) : [] };
  }

  return {
    name: LOCAL_PROVIDER,
    renewals: 'scheduler',

    async createSession(input: CreateSessionInput) {
      const sessionId = `cs_local_${randomBytes(12).toString('hex')}`;
      const clientSecret = `${sessionId}_secret_${randomBytes(12).toString('hex')}`;
      await store.insertSession({
        id: sessionId,
        userId: input.userId,
        reference: input.reference,
        billingInterval: input.interval,
        clientSecret,
        amount: input.amount,
        currency: input.currency,
        expiresAt: input.expiresAt,
        createdAt: clock(),
      });
      return { sessionId, clientSecret };
    },

    async sessionEvents(sessionId: string) {
      const row = await store.findSession(sessionId);
      return row ? paidEvents(row) : [];
    },

    async chargeRenewal(input: RenewalChargeInput): Promise<RenewalChargeResult> {
      const card = await store.latestCard(input.userId, LOCAL_PROVIDER);
      if (!card) return { ok: false, message: LOCAL_MESSAGES.noCard };
      if (card.declinesRenewals) return { ok: false, message: LOCAL_MESSAGES.renewalDeclined };
      const periodStart = input.periodStart.toISOString();
      return {
        ok: true,
        event: {
          // One id per subscription period: two sweeps renewing the same period are one event.
          id: `evt_local_renewal_${input.reference}_${periodStart}`,
          provider: LOCAL_PROVIDER,
          type: 'subscription.period_paid',
          checkoutId: input.reference,
          periodStart,
          periodEnd: input.periodEnd.toISOString(),
        },
      };
    },

    async chargeNow(input: ChargeNowInput): Promise<ChargeNowResult> {
      const card = await store.latestCard(input.userId, LOCAL_PROVIDER);
      if (!card) return { ok: false, message: LOCAL_MESSAGES.noCard };
      if (card.declinesRenewals) return { ok: false, message: LOCAL_MESSAGES.renewalDeclined };
      // One charge per reference: the id is derived from it, so a replay is the same charge.
      return { ok: true, chargeId: `ch_local_${createHash('sha256').update(input.reference).digest('hex').slice(0, 24)}` };
    },

    async closeSession(sessionId) {
      await store.expireUnpaid(sessionId);
    },

    async pay(sessionId, userId, card) {
      const digits = card.cardNumber.replace(/[\s-]/g, '');
      const known = Object.values(LOCAL_TEST_CARDS) as string[];
      if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits) || !known.includes(digits)) {
        return { status: 'invalid', message: LOCAL_MESSAGES.invalidNumber, httpStatus: 400 };
      }
      const now = clock();
      const isExpired = card.expYear < now.getUTCFullYear() || (card.expYear === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1);
      if (isExpired) return { status: 'invalid', message: LOCAL_MESSAGES.expired, httpStatus: 400 };
      return store.inLockedSession(sessionId, async (locked, tx) => {
        const found = payableSession(locked, userId);
        if (!('reference' in found)) return found;
        const last4 = digits.slice(-4);
        if (digits === LOCAL_TEST_CARDS.declines) {
          await tx.updateSession(found.id, { status: 'declined', cardLast4: last4 });
          return { status: 'declined', message: LOCAL_MESSAGES.declined, events: [declinedEvent(found, LOCAL_MESSAGES.declined)] };
        }
        if (digits === LOCAL_TEST_CARDS.requiresAuthentication) {
          await tx.updateSession(found.id, { status: 'requires_action', cardLast4: last4 });
          return { status: 'requires_action', events: [] };
        }
        return markPaid(tx, found, last4);
      });
    },

    async confirm3ds(sessionId, userId, approve) {
      return store.inLockedSession(sessionId, async (locked, tx) => {
        const found = payableSession(locked, userId);
        if (!('reference' in found)) return found;
        if (found.status !== 'requires_action') return { status: 'invalid', message: LOCAL_MESSAGES.noAction, httpStatus: 409 };
        if (!approve) {
          await tx.updateSession(found.id, { status: 'declined' });
          return {
            status: 'declined',
            message: LOCAL_MESSAGES.authenticationFailed,
            events: [declinedEvent(found, LOCAL_MESSAGES.authenticationFailed)],
          };
        }
        return markPaid(tx, found, found.cardLast4 ?? '0000');
      });
    },
  };
}
