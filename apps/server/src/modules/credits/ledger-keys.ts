import { randomUUID } from 'node:crypto';

/**
 * A credit ledger idempotency key. The ledger changes at most once per key, so two code paths that
 * spell the same change's key differently would grant or charge twice: every key is made here, by
 * the one constructor for its kind of change, and `applyCredits` accepts nothing else.
 */
export type LedgerKey = string & { readonly __ledgerKey: true };

const asKey = (value: string) => value as LedgerKey;

/** The prefix of every referrer bonus key, for sums over them. */
export const REFERRER_KEY_PREFIX = 'referral:referrer:';

export const ledgerKeys = {
  /** The welcome credits of a new account. */
  signup: (userId: string) => asKey(`signup:${userId}`),
  /** The charge for generating (or editing into) one content item. */
  generationCharge: (contentId: string) => asKey(`gen:${contentId}`),
  /** The refund of that charge when the item fails or is removed unfinished. */
  generationRefund: (contentId: string) => asKey(`refund:${contentId}`),
  /** The grant of a completed credit-pack or custom-amount checkout. */
  checkout: (checkoutId: string) => asKey(`checkout:${checkoutId}`),
  /** The grant of one paid subscription period. */
  subscriptionPeriod: (subscriptionId: string, periodStart: Date) =>
    asKey(`sub:${subscriptionId}:${periodStart.toISOString()}`),
  /**
   * The prorated credits of an upgrade: one per subscription, period and plan moved to, so a
   * repeated or concurrent upgrade request grants once.
   */
  planUpgrade: (subscriptionId: string, periodStart: Date, planId: string) =>
    asKey(`sub-upgrade:${subscriptionId}:${periodStart.toISOString()}:${planId}`),
  /** The bonus of the person who invited `newUserId`. */
  referrerBonus: (newUserId: string) => asKey(`${REFERRER_KEY_PREFIX}${newUserId}`),
  /** The welcome bonus of the invited person. */
  refereeBonus: (newUserId: string) => asKey(`referral:referee:${newUserId}`),
  /** An admin's change: keyed by the admin's request key when given, else a change of its own. */
  adminChange: (actorId: string, requestKey?: string) =>
    asKey(requestKey ? `admin:${actorId}:${requestKey}` : `admin:${randomUUID()}`),
  /** For fixtures and tests that need a key of their own. */
  unique: (label: string) => asKey(`${label}:${randomUUID()}`),
  /** For tests that replay one exact key. */
  exact: (value: string) => asKey(value),
} as const;

/** The invited person's id inside a referrer bonus key. */
export const refereeOfReferrerKey = (key: string): string => key.slice(REFERRER_KEY_PREFIX.length);
