import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  BILLING_FREQUENCIES,
  CHECKOUT_STATUSES,
  SUBSCRIPTION_STATUSES,
  type BillingFrequency,
  type CheckoutStatus,
  type PricingTier,
  type SubscriptionStatus,
} from '@atelier/shared';
import { users } from '../auth/auth.schema.js';
import { plans } from '../plans/plans.schema.js';
import { desc, oneOf } from '../../platform/db/table-helpers.js';

/** Mirrors migrations/0008_payments.sql. */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const creditProducts = pgTable(
  'credit_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    credits: integer('credits').notNull(),
    bonusCredits: integer('bonus_credits').notNull().default(0),
    price: integer('price').notNull(),
    currency: text('currency').notNull().default('usd'),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    stripePriceId: text('stripe_price_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('credit_products_active_idx').on(t.isActive, t.sortOrder),
    check('credit_products_credits_check', sql`${t.credits} > 0`),
    check('credit_products_bonus_credits_check', sql`${t.bonusCredits} >= 0`),
    check('credit_products_price_check', sql`${t.price} >= 0`),
  ],
);
export type CreditProductRow = typeof creditProducts.$inferSelect;

/** One row: the price of a custom amount of credits. */
export const creditPricing = pgTable(
  'credit_pricing',
  {
    id: integer('id').primaryKey().default(1),
    pricePerCredit: integer('price_per_credit').notNull(),
    currency: text('currency').notNull().default('usd'),
    minCredits: integer('min_credits').notNull(),
    maxCredits: integer('max_credits').notNull(),
    tiers: jsonb('tiers').$type<PricingTier[]>().notNull().default([]),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('credit_pricing_id_check', sql`${t.id} = 1`),
    check('credit_pricing_price_per_credit_check', sql`${t.pricePerCredit} > 0`),
    check('credit_pricing_min_credits_check', sql`${t.minCredits} > 0`),
    check('credit_pricing_check', sql`${t.maxCredits} >= ${t.minCredits}`),
  ],
);

export const checkouts = pgTable(
  'checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'credits' | 'subscription'>().notNull(),
    productId: uuid('product_id').references(() => creditProducts.id, { onDelete: 'set null' }),
    planId: uuid('plan_id').references(() => plans.id, { onDelete: 'set null' }),
    billingFrequency: text('billing_frequency').$type<BillingFrequency>(),
    description: text('description').notNull(),
    credits: integer('credits').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<CheckoutStatus>().notNull().default('open'),
    provider: text('provider').notNull(),
    providerSessionId: text('provider_session_id').notNull(),
    clientSecret: text('client_secret').notNull(),
    declineMessage: text('decline_message'),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    completedAt: ts('completed_at'),
    /** Set when the owner dismissed an unfinished checkout; the purchase history leaves it out. */
    dismissedAt: ts('dismissed_at'),
  },
  (t) => [
    uniqueIndex('checkouts_session_idx').on(t.provider, t.providerSessionId),
    index('checkouts_user_created_idx').on(t.userId, desc(t.createdAt)),
    index('checkouts_unfinished_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} IN ('open', 'declined')`),
    check('checkouts_kind_check', oneOf(t.kind, ['credits', 'subscription'])),
    check('checkouts_billing_frequency_check', oneOf(t.billingFrequency, BILLING_FREQUENCIES)),
    check('checkouts_credits_check', sql`${t.credits} >= 0`),
    check('checkouts_amount_check', sql`${t.amount} >= 0`),
    check('checkouts_status_check', oneOf(t.status, CHECKOUT_STATUSES)),
  ],
);
export type CheckoutRow = typeof checkouts.$inferSelect;

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id').references(() => plans.id, { onDelete: 'set null' }),
    /** The checkout that started it: one subscription per checkout, whichever event comes first. */
    checkoutId: uuid('checkout_id')
      .notNull()
      .unique('subscriptions_checkout_id_key')
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    status: text('status').$type<SubscriptionStatus>().notNull(),
    billingFrequency: text('billing_frequency').$type<BillingFrequency>().notNull(),
    /** 0032: the plan and frequency that start at the next renewal (a downgrade, a switch of frequency). */
    pendingPlanId: uuid('pending_plan_id').references(() => plans.id, { onDelete: 'set null' }),
    pendingBillingFrequency: text('pending_billing_frequency').$type<BillingFrequency>(),
    currentPeriodStart: ts('current_period_start').notNull(),
    currentPeriodEnd: ts('current_period_end').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: ts('canceled_at'),
    provider: text('provider').notNull(),
    /** 0011_stripe.sql: the hosted provider's ids and the time of the provider state last applied. */
    providerSubscriptionId: text('provider_subscription_id'),
    providerCustomerId: text('provider_customer_id'),
    providerStateAt: ts('provider_state_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId, desc(t.createdAt)),
    index('subscriptions_due_idx')
      .on(t.currentPeriodEnd)
      .where(sql`${t.status} IN ('active', 'trialing', 'past_due')`),
    // At most one live subscription per user.
    uniqueIndex('subscriptions_one_live_idx')
      .on(t.userId)
      .where(sql`${t.status} IN ('active', 'trialing', 'past_due', 'incomplete')`),
    uniqueIndex('subscriptions_provider_sub_idx')
      .on(t.provider, t.providerSubscriptionId)
      .where(sql`${t.providerSubscriptionId} IS NOT NULL`),
    check('subscriptions_status_check', oneOf(t.status, SUBSCRIPTION_STATUSES)),
    check('subscriptions_billing_frequency_check', oneOf(t.billingFrequency, BILLING_FREQUENCIES)),
    check('subscriptions_pending_billing_frequency_check', oneOf(t.pendingBillingFrequency, BILLING_FREQUENCIES)),
  ],
);
export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Mirrors migrations/0011_stripe.sql: a user's customer at a hosted provider. */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'payment_customers_pkey', columns: [t.userId, t.provider] }),
    uniqueIndex('payment_customers_customer_idx').on(t.provider, t.customerId),
  ],
);

/** Every provider event, recorded once by its id before it changes anything. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    providerEventId: text('provider_event_id').notNull().unique('payment_events_provider_event_id_key'),
    type: text('type').notNull(),
    checkoutId: uuid('checkout_id').references(() => checkouts.id, { onDelete: 'set null' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [index('payment_events_checkout_idx').on(t.checkoutId)],
);

export const localPaymentSessions = pgTable(
  'local_payment_sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reference: text('reference').notNull(),
    billingInterval: text('billing_interval').$type<'month' | 'year'>(),
    clientSecret: text('client_secret').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status')
      .$type<'open' | 'requires_action' | 'paid' | 'declined' | 'expired'>()
      .notNull()
      .default('open'),
    cardLast4: text('card_last4'),
    cardBrand: text('card_brand'),
    paidAt: ts('paid_at'),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('local_payment_sessions_billing_interval_check', oneOf(t.billingInterval, ['month', 'year'])),
    check(
      'local_payment_sessions_status_check',
      oneOf(t.status, ['open', 'requires_action', 'paid', 'declined', 'expired']),
    ),
  ],
);

export const paymentCards = pgTable(
  'payment_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    declinesRenewals: boolean('declines_renewals').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('payment_cards_user_idx').on(t.userId, desc(t.createdAt))],
);
