import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { LedgerKind } from '@atelier/shared';
import { balanceSql, debitBalanceSql } from './credits.repository.js';
import { creditLedger } from './credits.schema.js';
import type { LedgerKey } from './ledger-keys.js';

export function assertChargeAmount(amount: number): void {
  if (!Number.isInteger(amount) || amount <= 0) throw new Error('a charge is a positive integer');
}

export interface ChargeInStatementInput {
  userId: string;
  /** Positive: what the charge takes. */
  amount: number;
  kind: LedgerKind;
  reason?: string | null;
  reference?: string | null;
  contentId?: string | null;
  /** Must be new: a charge made in a statement does not look for an earlier row with its key. */
  idempotencyKey: LedgerKey;
}

/** The charge's values as SQL values, or as placeholders for a statement built once (buildStatement). */
export type ChargeInStatementValues = {
  [K in keyof ChargeInStatementInput]: K extends 'kind' ? LedgerKind : ChargeInStatementInput[K] | Placeholder;
};

export interface ChargeInStatement {
  /**
   * Two CTEs for the caller's statement (`WITH ${ctes}, …`): `debit`, one row holding the balance
   * after (`credits`) when the balance covered the charge and `when` held, none otherwise; and
   * `debit_entry`, the ledger row of that debit. Both change together or not at all, so the
   * balance still equals the ledger.
   */
  ctes: SQL;
  /** The balance as the statement found it, as a scalar subquery, for `chargeRefusal`. */
  balanceBefore: SQL;
}

/**
 * applyCredits for one debit with a fresh key, as part of a bigger statement: no lock, read or
 * round trip of its own, so the balance row is held only while that one statement runs. The
 * debit is a conditional UPDATE (debitBalanceSql), so racing charges cannot take the balance
 * below zero. Given placeholders, the statement can be built once and run for every charge; the
 * caller then checks the amount with assertChargeAmount.
 */
export function chargeInStatement(input: ChargeInStatementValues, when?: SQL): ChargeInStatement {
  if (typeof input.amount === 'number') assertChargeAmount(input.amount);
  return {
    ctes: sql`debit AS (${debitBalanceSql(input.userId, input.amount, when)}),
    debit_entry AS (
      INSERT INTO ${creditLedger} (user_id, delta, kind, reason, reference, content_id, idempotency_key, balance_after)
      SELECT ${input.userId}::uuid, -(${input.amount}::int), ${input.kind}, ${input.reason ?? null}::text, ${input.reference ?? null}::text,
        ${input.contentId ?? null}::uuid, ${input.idempotencyKey}, debit.credits
      FROM debit
      RETURNING id
    )`,
    balanceBefore: balanceSql(input.userId),
  };
}
