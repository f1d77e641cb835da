import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Mirrors migrations/0008_payments.sql. Billing reads plans through this module's face. */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const plans = pgTable(
  'plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    priceMonthly: integer('price_monthly').notNull(),
    priceYearly: integer('price_yearly').notNull(),
    currency: text('currency').notNull().default('usd'),
    creditsPerPeriod: integer('credits_per_period').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    isPopular: boolean('is_popular').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    stripeProductId: text('stripe_product_id'),
    stripePriceIdMonthly: text('stripe_price_id_monthly'),
    stripePriceIdYearly: text('stripe_price_id_yearly'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('plans_stripe_product_idx')
      .on(t.stripeProductId)
      .where(sql`${t.stripeProductId} IS NOT NULL`),
    check('plans_price_monthly_check', sql`${t.priceMonthly} >= 0`),
    check('plans_price_yearly_check', sql`${t.priceYearly} >= 0`),
    check('plans_credits_per_period_check', sql`${t.creditsPerPeriod} >= 0`),
  ],
);
export type PlanRow = typeof plans.$inferSelect;
