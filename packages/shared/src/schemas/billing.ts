import { z } from 'zod';
import { paginationQuery } from './common.js';

/** Prices are integers in minor units (cents) of `currency` (ISO 4217, lower case). */
const minorUnits = z.coerce.number().int('Prices are whole minor units (cents)').min(0).max(100_000_000);
const currency = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{3}$/, 'Currency is a three-letter code such as usd');

export const BILLING_FREQUENCIES = ['monthly', 'yearly'] as const;
export type BillingFrequency = (typeof BILLING_FREQUENCIES)[number];
export const billingFrequency = z.enum(BILLING_FREQUENCIES);

export const SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due', 'canceled', 'incomplete'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const CHECKOUT_STATUSES = ['open', 'complete', 'expired', 'declined'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

// ---- Plans

export const plan = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  features: z.array(z.string()),
  priceMonthly: z.number().int(),
  priceYearly: z.number().int(),
  currency: z.string(),
  creditsPerPeriod: z.number().int(),
  isActive: z.boolean(),
  isPopular: z.boolean(),
  sortOrder: z.number().int(),
  stripeProductId: z.string().nullable(),
  stripePriceIdMonthly: z.string().nullable(),
  stripePriceIdYearly: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Plan = z.infer<typeof plan>;

const providerId = z.string().trim().max(200).nullable().optional();

/** Plan fields without defaults: an update changes only what it names. */
const planFields = {
  name: z.string().trim().min(1, 'Name is required').max(100),
  description: z.string().trim().max(1000),
  features: z.array(z.string().trim().min(1).max(200)).max(30),
  priceMonthly: minorUnits,
  priceYearly: minorUnits,
  currency,
  creditsPerPeriod: z.coerce.number().int().min(0).max(10_000_000),
  isActive: z.boolean(),
  isPopular: z.boolean(),
  sortOrder: z.coerce.number().int().min(0).max(10_000),
  stripeProductId: providerId,
  stripePriceIdMonthly: providerId,
  stripePriceIdYearly: providerId,
};

export const planBody = z.object({
  ...planFields,
  description: planFields.description.default(''),
  features: planFields.features.default([]),
  currency: currency.default('usd'),
  isActive: z.boolean().default(true),
  isPopular: z.boolean().default(false),
  sortOrder: planFields.sortOrder.default(0),
});
export type PlanBody = z.input<typeof planBody>;

export const planUpdateBody = z.object(planFields).partial();
export type PlanUpdateBody = z.input<typeof planUpdateBody>;

export const planBulkBody = z.object({ plans: z.array(planBody).min(1, 'At least one plan is required').max(50) });

export const planStripeBody = z.object({
  stripeProductId: providerId,
  stripePriceIdMonthly: providerId,
  stripePriceIdYearly: providerId,
});

export const planListQuery = paginationQuery.extend({
  isActive: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});

// ---- Credit products and pricing

export const creditProduct = z.object({
  id: z.string(),
  name: z.string(),
  credits: z.number().int(),
  bonusCredits: z.number().int(),
  price: z.number().int(),
  currency: z.string(),
  isActive: z.boolean(),
  sortOrder: z.number().int(),
  stripePriceId: z.string().nullable(),
});
export type CreditProduct = z.infer<typeof creditProduct>;

const creditProductFields = {
  name: z.string().trim().min(1, 'Name is required').max(100),
  credits: z.coerce.number().int().min(1, 'Credits must be at least 1').max(10_000_000),
  bonusCredits: z.coerce.number().int().min(0).max(10_000_000),
  price: minorUnits,
  currency,
  isActive: z.boolean(),
  sortOrder: z.coerce.number().int().min(0).max(10_000),
  stripePriceId: providerId,
};

export const creditProductBody = z.object({
  ...creditProductFields,
  bonusCredits: creditProductFields.bonusCredits.default(0),
  currency: currency.default('usd'),
  isActive: z.boolean().default(true),
  sortOrder: creditProductFields.sortOrder.default(0),
});
export type CreditProductBody = z.input<typeof creditProductBody>;
export const creditProductUpdateBody = z.object(creditProductFields).partial();
export type CreditProductUpdateBody = z.input<typeof creditProductUpdateBody>;

export const pricingTier = z.object({
  minCredits: z.coerce.number().int().min(1),
  discountPercent: z.coerce.number().int().min(0).max(90),
});
export type PricingTier = z.infer<typeof pricingTier>;

export const creditPricing = z.object({
  pricePerCredit: z.number().int(),
  currency: z.string(),
  minCredits: z.number().int(),
  maxCredits: z.number().int(),
  tiers: z.array(pricingTier),
});
export type CreditPricing = z.infer<typeof creditPricing>;

export const creditPricingBody = z
  .object({
    pricePerCredit: z.coerce.number().int().min(1, 'Price per credit must be at least 1').max(1_000_000),
    currency: currency.default('usd'),
    minCredits: z.coerce.number().int().min(1),
    maxCredits: z.coerce.number().int().min(1).max(10_000_000),
    tiers: z.array(pricingTier).max(20).default([]),
  })
  .refine((v) => v.maxCredits >= v.minCredits, {
    message: 'Maximum credits must not be below the minimum',
    path: ['maxCredits'],
  });
export type CreditPricingBody = z.input<typeof creditPricingBody>;

export const calculatePriceBody = z.object({
  credits: z.coerce.number().int('Credits must be a whole number').min(1, 'Credits must be at least 1').max(10_000_000),
});

export const priceCalculation = z.object({
  credits: z.number().int(),
  unitPrice: z.number().int(),
  subtotal: z.number().int(),
  discountPercent: z.number().int(),
  discount: z.number().int(),
  total: z.number().int(),
  currency: z.string(),
});
export type PriceCalculation = z.infer<typeof priceCalculation>;

/**
 * The price of a custom amount, in integer minor units: subtotal = credits × pricePerCredit; the
 * highest tier whose minCredits is reached gives the discount percent; the discount is rounded
 * half up to a whole minor unit; total = subtotal − discount. The server and the web both use this.
 */
export function calculateCreditPrice(pricing: CreditPricing, credits: number): PriceCalculation {
  const subtotal = credits * pricing.pricePerCredit;
  const discountPercent = pricing.tiers
    .filter((t) => credits >= t.minCredits)
    .reduce((best, t) => Math.max(best, t.discountPercent), 0);
  const discount = Math.floor((subtotal * discountPercent + 50) / 100);
  return {
    credits,
    unitPrice: pricing.pricePerCredit,
    subtotal,
    discountPercent,
    discount,
    total: subtotal - discount,
    currency: pricing.currency,
  };
}

export const creditStats = z.object({
  totalPurchased: z.number().int(),
  totalRevenue: z.number().int(),
  totalSpent: z.number().int(),
  totalRefunded: z.number().int(),
  totalGranted: z.number().int(),
  activeSubscriptions: z.number().int(),
  completedCheckouts: z.number().int(),
  purchasesByProduct: z.array(
    z.object({
      productId: z.string().nullable(),
      name: z.string(),
      count: z.number().int(),
      credits: z.number().int(),
      revenue: z.number().int(),
    }),
  ),
});
export type CreditStats = z.infer<typeof creditStats>;

// ---- Checkout

export const creditCheckoutBody = z
  .object({
    productId: z.string().uuid().optional(),
    credits: z.coerce.number().int('Credits must be a whole number').min(1).max(10_000_000).optional(),
  })
  .refine((v) => (v.productId === undefined) !== (v.credits === undefined), {
    message: 'Choose a credit pack or a custom amount',
    path: ['productId'],
  });

export const checkoutSession = z.object({ sessionId: z.string(), clientSecret: z.string() });
export type CheckoutSession = z.infer<typeof checkoutSession>;

export const checkoutSummary = z.object({
  id: z.string(),
  sessionId: z.string(),
  kind: z.enum(['credits', 'subscription']),
  description: z.string(),
  credits: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(CHECKOUT_STATUSES),
  declineMessage: z.string().nullable(),
  createdAt: z.string(),
  /** After this an unfinished checkout can no longer be paid; the expiry sweep marks it expired. */
  expiresAt: z.string(),
  completedAt: z.string().nullable(),
});
export type CheckoutSummary = z.infer<typeof checkoutSummary>;

export const sessionDetails = z.object({
  status: z.enum(CHECKOUT_STATUSES),
  checkout: checkoutSummary,
  /** Credits this checkout has put on the balance (0 until it completes). */
  creditsGranted: z.number().int(),
  balance: z.number().int(),
});
export type SessionDetails = z.infer<typeof sessionDetails>;

export const localPayBody = z.object({
  cardNumber: z.string().trim().min(1, 'Card number is required').max(30),
  expMonth: z.coerce.number().int().min(1, 'Expiry month is 1–12').max(12, 'Expiry month is 1–12'),
  expYear: z.coerce.number().int().min(2000).max(2100),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, 'Your card’s security code is invalid.'),
  name: z.string().trim().min(1, 'Name on card is required').max(100),
});
export type LocalPayBody = z.infer<typeof localPayBody>;

export const localPayResult = z.object({
  status: z.enum(['paid', 'requires_action', 'declined']),
  requiresAction: z.boolean(),
  sessionId: z.string(),
  message: z.string().optional(),
});
export type LocalPayResult = z.infer<typeof localPayResult>;

export const confirm3dsBody = z.object({ approve: z.boolean() });

// ---- Subscriptions

export const subscription = z.object({
  id: z.string(),
  plan: plan.nullable(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  billingFrequency,
  currentPeriodStart: z.string(),
  currentPeriodEnd: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  canceledAt: z.string().nullable(),
  createdAt: z.string(),
  /** The plan that starts at the next renewal (a downgrade), when one is set; `plan` is in force until then. */
  pendingPlan: plan.nullable(),
  /** The billing frequency that starts at the next renewal, when a switch is set. */
  pendingBillingFrequency: billingFrequency.nullable(),
});
export type Subscription = z.infer<typeof subscription>;

/**
 * What a plan change would do, before it is made. An upgrade (a higher price) starts now: the
 * prorated difference for the days left of the period is charged now and the prorated difference
 * of credits granted now. Any other change starts at the next renewal: nothing is charged now and
 * the credits already granted stay.
 */
export const planChangePreview = z.object({
  plan,
  currentPlan: plan.nullable(),
  frequency: billingFrequency,
  timing: z.enum(['now', 'renewal']),
  /** When the new plan is in force: now, or the next renewal. */
  effectiveAt: z.string(),
  /** Charged now, in minor units (0 when the change starts at renewal). */
  amountDue: z.number().int(),
  currency: z.string(),
  /** The new plan's price per period, billed from the next renewal. */
  newPrice: z.number().int(),
  /** Credits granted now with the upgrade (its prorated share of the period). */
  creditsNow: z.number().int(),
  /** The new plan's credits per period, from the next renewal. */
  creditsPerPeriod: z.number().int(),
  periodEnd: z.string(),
  daysLeft: z.number().int(),
  daysInPeriod: z.number().int(),
  /**
   * The payment provider (Stripe) bills this subscription and works out the amount itself: the
   * change applies now, `amountDue` is an estimate of the prorated difference it adds to the next
   * invoice (it prorates to the second), and the new plan's credits come with paid periods only.
   */
  estimated: z.boolean(),
});
export type PlanChangePreview = z.infer<typeof planChangePreview>;
export const planChangePreviewQuery = z.object({ planId: z.string().uuid('Choose a plan') });

export const subscriptionCheckoutBody = z.object({
  planId: z.string().uuid('Choose a plan'),
  frequency: billingFrequency.default('monthly'),
});
export type SubscriptionCheckoutBody = z.input<typeof subscriptionCheckoutBody>;

export const changePlanBody = z.object({
  planId: z.string().uuid('Choose a plan'),
  /** The amount due the person was shown (preview); refused with 409 when it is no longer the amount. */
  expectedAmount: z.number().int().min(0).optional(),
});
export const changeFrequencyBody = z.object({ frequency: billingFrequency });
