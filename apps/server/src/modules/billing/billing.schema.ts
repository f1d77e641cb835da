import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { BillingFrequency, CheckoutStatus, PricingTier, SubscriptionStatus } from '@atelier/shared';
import { users } from '../auth/auth.schema.js';

/** Mirrors migrations/0008_payments.sql. */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const creditProducts = pgTable('credit_products', {
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
});
export type CreditProductRow = typeof creditProducts.$inferSelect;

export const creditPricing = pgTable('credit_pricing', {
  id: integer('id').primaryKey().default(1),
  pricePerCredit: integer('price_per_credit').notNull(),
  currency: text('currency').notNull().default('usd'),
  minCredits: integer('min_credits').notNull(),
  maxCredits: integer('max_credits').notNull(),
  tiers: jsonb('tiers').$type<PricingTier[]>().notNull().default([]),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const checkouts = pgTable('checkouts', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind').$type<'credits' | 'subscription'>().notNull(),
  productId: uuid('product_id'),
  planId: uuid('plan_id'),
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
});
export type CheckoutRow = typeof checkouts.$inferSelect;

export const subscriptions = pgTable('subscriptions', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  planId: uuid('plan_id'),
  checkoutId: uuid('checkout_id').notNull(),
  status: text('status').$type<SubscriptionStatus>().notNull(),
  billingFrequency: text('billing_frequency').$type<BillingFrequency>().notNull(),
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
});
export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Mirrors migrations/0011_stripe.sql: a user's customer at a hosted provider. */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: uuid('user_id').notNull(),
    provider: text('provider').notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
);

export const paymentEvents = pgTable('payment_events', {
  id: uuid('id').primaryKey().defaultRandom(),
  provider: text('provider').notNull(),
  providerEventId: text('provider_event_id').notNull().unique(),
  type: text('type').notNull(),
  checkoutId: uuid('checkout_id'),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  receivedAt: ts('received_at').notNull().defaultNow(),
});

export const localPaymentSessions = pgTable('local_payment_sessions', {
  id: text('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  reference: text('reference').notNull(),
  billingInterval: text('billing_interval').$type<'month' | 'year'>(),
  clientSecret: text('client_secret').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  status: text('status').$type<'open' | 'requires_action' | 'paid' | 'declined' | 'expired'>().notNull().default('open'),
  cardLast4: text('card_last4'),
  cardBrand: text('card_brand'),
  paidAt: ts('paid_at'),
  expiresAt: ts('expires_at').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const paymentCards = pgTable('payment_cards', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  provider: text('provider').notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  declinesRenewals: boolean('declines_renewals').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
});
