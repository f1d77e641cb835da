import {
  MSG,
  SOCKET_EVENTS,
  makePagination,
  type CreditHistoryQuery,
  type LedgerEntry,
  type LedgerKind,
  type Pagination,
} from '@atelier/shared';
import type { Db } from '../../platform/db/db.js';
import { conflict, notFound, paymentRequired } from '../../platform/http/errors.js';
import type { Realtime } from '../../platform/realtime/realtime.js';
import { countLedger } from '../../platform/observability/metrics.js';
import {
  addToBalance,
  findEntryByKey,
  insertEntry,
  listEntries,
  lockUserBalance,
  readBalance,
  userExists,
} from './credits.repository.js';
import type { LedgerRow } from './credits.schema.js';
import { ledgerKeys, type LedgerKey } from './ledger-keys.js';

/** The balance cannot cover a debit; nothing was changed. */
export class InsufficientCreditsError extends Error {
  constructor(
    public readonly credits: number,
    public readonly required: number,
  ) {
    super(MSG.validation.insufficientCredits);
    this.name = 'InsufficientCreditsError';
  }
}

export class UnknownUserError extends Error {
  constructor(public readonly userId: string) {
    super('User not found');
    this.name = 'UnknownUserError';
  }
}

/** A key that was already used for a different change (another user, amount or kind). */
export class IdempotencyKeyReuseError extends Error {
  constructor(public readonly idempotencyKey: string) {
    super('This request key was already used for a different change');
    this.name = 'IdempotencyKeyReuseError';
  }
}

export interface ApplyCreditsInput {
  userId: string;
  /** Signed and never 0: positive adds credits, negative takes them. */
  delta: number;
  kind: LedgerKind;
  reason?: string | null;
  reference?: string | null;
  contentId?: string | null;
  actorId?: string | null;
  /** The change happens at most once per key, however often it is asked for. */
  idempotencyKey: LedgerKey;
}

export interface ApplyCreditsResult {
  entry: LedgerRow;
  /** The user's balance now. */
  credits: number;
  /** False when the key had already been used and the earlier row was returned. */
  isNew: boolean;
}

/**
 * Records one ledger row and moves users.credits by the same delta, in the caller's
 * transaction (`tx` must be one). The update is conditional, so a balance never goes below zero
 * however many debits race. Throws InsufficientCreditsError or UnknownUserError and changes
 * nothing. Send `credits:updated` after the transaction commits (see announceBalance).
 */
export async function applyCredits(tx: Db, input: ApplyCreditsInput): Promise<ApplyCreditsResult> {
  if (!Number.isInteger(input.delta) || input.delta === 0) throw new Error('a ledger delta is a non-zero integer');
  const locked = await lockUserBalance(tx, input.userId);
  if (!locked) throw new UnknownUserError(input.userId);
  const existing = await findEntryByKey(tx, input.idempotencyKey);
  if (existing) {
    if (existing.userId !== input.userId || existing.delta !== input.delta || existing.kind !== input.kind) {
      throw new IdempotencyKeyReuseError(input.idempotencyKey);
    }
    return { entry: existing, credits: locked.credits, isNew: false };
  }
  const credits = await addToBalance(tx, input.userId, input.delta);
  if (credits === null) throw new InsufficientCreditsError(locked.credits, -input.delta);
  const entry = await insertEntry(tx, {
    userId: input.userId,
    delta: input.delta,
    kind: input.kind,
    reason: input.reason ?? null,
    reference: input.reference ?? null,
    contentId: input.contentId ?? null,
    actorId: input.actorId ?? null,
    idempotencyKey: input.idempotencyKey,
    balanceAfter: credits,
  });
  // Counted as written; a caller's transaction that later rolls back leaves the count one high.
  countLedger(input.kind, input.delta);
  return { entry, credits, isNew: true };
}

/** Call once a chargeInStatement statement has committed with a `debit` row. */
export function chargeRecorded(kind: LedgerKind, amount: number): void {
  countLedger(kind, -amount);
}

/** Why a chargeInStatement statement made no `debit` row (when its `when` held): the error applyCredits throws. */
export function chargeRefusal(userId: string, amount: number, balanceBefore: number | null): Error {
  return balanceBefore === null ? new UnknownUserError(userId) : new InsufficientCreditsError(balanceBefore, amount);
}

/** The credits every new account starts with; safe to call again for the same user. */
export async function grantSignupCredits(db: Db, userId: string, amount: number): Promise<number> {
  if (amount <= 0) return (await readBalance(db, userId)) ?? 0;
  const result = await db.transaction((tx) =>
    applyCredits(tx, {
      userId,
      delta: amount,
      kind: 'signup_grant',
      reason: 'Welcome credits',
      idempotencyKey: ledgerKeys.signup(userId),
    }),
  );
  return result.credits;
}

/** Tells the user's open tabs their new balance. */
export function announceBalance(realtime: Pick<Realtime, 'toUser'>, userId: string, credits: number): void {
  realtime.toUser(userId, SOCKET_EVENTS.creditsUpdated, { credits });
}

export function toLedgerEntry(row: LedgerRow): LedgerEntry {
  return {
    id: row.id,
    delta: row.delta,
    kind: row.kind,
    reason: row.reason,
    reference: row.reference,
    contentId: row.contentId,
    balanceAfter: row.balanceAfter,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface CreditsDeps {
  db: Db;
  realtime: Pick<Realtime, 'toUser'>;
}

export async function getBalance(db: Db, userId: string): Promise<number> {
  const credits = await readBalance(db, userId);
  if (credits === null) throw notFound('User not found');
  return credits;
}

const isDateOnly = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

export async function getHistory(
  db: Db,
  userId: string,
  query: CreditHistoryQuery,
): Promise<{ data: LedgerEntry[]; pagination: Pagination }> {
  const to = query.to ? new Date(query.to) : undefined;
  if (to && query.to && isDateOnly(query.to)) to.setUTCDate(to.getUTCDate() + 1);
  const { rows, total } = await listEntries(
    db,
    userId,
    {
      kind: query.kind,
      from: query.from ? new Date(query.from) : undefined,
      to,
      toExclusive: query.to ? isDateOnly(query.to) : false,
    },
    query.page,
    query.pageSize,
  );
  return { data: rows.map(toLedgerEntry), pagination: makePagination(query.page, query.pageSize, total) };
}

export async function checkCredits(db: Db, userId: string, amount: number) {
  const credits = await getBalance(db, userId);
  return { hasEnough: credits >= amount, credits, required: amount };
}

export interface AdminCreditsInput {
  actorId: string;
  userId: string;
  amount: number;
  reason: string;
  /** From the Idempotency-Key header: a retried admin action applies once. */
  requestKey?: string;
}

/** An admin adds credits to or takes credits from a user; the row records who did it and why. */
export async function adjustCreditsByAdmin(
  deps: CreditsDeps,
  direction: 'add' | 'deduct',
  input: AdminCreditsInput,
): Promise<{ userId: string; credits: number }> {
  if (!(await userExists(deps.db, input.userId))) throw notFound('User not found');
  const key = ledgerKeys.adminChange(input.actorId, input.requestKey);
  try {
    const result = await deps.db.transaction((tx) =>
      applyCredits(tx, {
        userId: input.userId,
        delta: direction === 'add' ? input.amount : -input.amount,
        kind: direction === 'add' ? 'admin_add' : 'admin_deduct',
        reason: input.reason,
        actorId: input.actorId,
        idempotencyKey: key,
      }),
    );
    if (result.isNew) announceBalance(deps.realtime, input.userId, result.credits);
    return { userId: input.userId, credits: result.credits };
  } catch (err) {
    if (err instanceof InsufficientCreditsError) throw conflict(`The user has only ${err.credits} credits`);
    if (err instanceof UnknownUserError) throw notFound('User not found');
    if (err instanceof IdempotencyKeyReuseError) throw conflict(err.message);
    throw err;
  }
}

/** Maps ledger errors of a user's own debit to the reply the spec gives. */
export function debitErrorToHttp(err: unknown): unknown {
  if (err instanceof InsufficientCreditsError) return paymentRequired(MSG.validation.insufficientCredits);
  if (err instanceof UnknownUserError) return notFound('User not found');
  if (err instanceof IdempotencyKeyReuseError) return conflict(err.message);
  return err;
}
