import { z } from 'zod';
import { paginationQuery } from './common.js';

/** Why a user's balance changed; every change is one append-only ledger row of one kind. */
export const LEDGER_KINDS = [
  'signup_grant',
  'generation_charge',
  'refund',
  'admin_add',
  'admin_deduct',
  'purchase',
  'subscription_grant',
  'referral_bonus',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export const ledgerKind = z.enum(LEDGER_KINDS);

export const ADMIN_CREDITS_MAX = 1_000_000;
export const CREDIT_REASON_MAX_LENGTH = 500;

export const ledgerEntry = z.object({
  id: z.string(),
  /** Signed: positive adds credits, negative takes them. */
  delta: z.number().int(),
  kind: ledgerKind,
  reason: z.string().nullable(),
  reference: z.string().nullable(),
  contentId: z.string().nullable(),
  balanceAfter: z.number().int(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;

export const creditBalance = z.object({ credits: z.number().int() });
export type CreditBalance = z.infer<typeof creditBalance>;

const dateOrDateTime = z
  .string()
  .trim()
  .refine((v) => !Number.isNaN(Date.parse(v)), 'Please use a date such as 2025-01-31 or an ISO date-time');

/** `to` given as a bare date includes that whole day. */
export const creditHistoryQuery = paginationQuery.extend({
  kind: ledgerKind.optional(),
  from: dateOrDateTime.optional(),
  to: dateOrDateTime.optional(),
});
export type CreditHistoryQuery = z.infer<typeof creditHistoryQuery>;

export const creditCheckBody = z.object({
  amount: z.coerce
    .number()
    .int('Amount must be a whole number')
    .min(0, 'Amount must not be negative')
    .max(ADMIN_CREDITS_MAX),
});
export type CreditCheckBody = z.infer<typeof creditCheckBody>;

export const creditCheckResult = z.object({
  hasEnough: z.boolean(),
  credits: z.number().int(),
  required: z.number().int(),
});
export type CreditCheckResult = z.infer<typeof creditCheckResult>;

export const adminCreditsBody = z.object({
  userId: z.string().uuid('Please choose a valid user'),
  amount: z
    .number()
    .int('Amount must be a whole number')
    .min(1, 'Amount must be at least 1')
    .max(ADMIN_CREDITS_MAX, `Amount must be at most ${ADMIN_CREDITS_MAX}`),
  reason: z
    .string()
    .trim()
    .min(1, 'Please give a reason')
    .max(CREDIT_REASON_MAX_LENGTH, `Reason must be at most ${CREDIT_REASON_MAX_LENGTH} characters`),
});
export type AdminCreditsBody = z.infer<typeof adminCreditsBody>;

export const adminCreditsResult = z.object({ userId: z.string(), credits: z.number().int() });
export type AdminCreditsResult = z.infer<typeof adminCreditsResult>;
