import { MODERATION_TEXT } from '@atelier/shared';
import { AppError } from '../../platform/http/errors.js';
import type { UserRow } from './public-user.js';

/**
 * Suspension, as a state of the account row: suspended from `suspended_at` until `suspended_until`
 * (null: until an admin lifts it). Past the end date the account is live again by itself, so
 * nothing has to run when a suspension expires. Every check of a live session or API key reads
 * this condition, so a suspension stops them at once on every process.
 */
export function isSuspended(row: Pick<UserRow, 'suspendedAt' | 'suspendedUntil'>, now: Date): boolean {
  return row.suspendedAt !== null && (row.suspendedUntil === null || row.suspendedUntil > now);
}

/** The SQL form over a users alias: true while the account is not suspended. */
export const notSuspendedSql = (alias: string): string =>
  `(${alias}.suspended_at IS NULL OR ${alias}.suspended_until <= now())`;

const dateText = (d: Date) =>
  d.toLocaleString('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }) + ' UTC';

/** 403 "This account is suspended", with the end date when there is one. */
export function suspendedError(row: Pick<UserRow, 'suspendedUntil'>) {
  const message = row.suspendedUntil ? `${MODERATION_TEXT.suspended} until ${dateText(row.suspendedUntil)}` : MODERATION_TEXT.suspended;
  const details = row.suspendedUntil ? [{ path: 'suspendedUntil', message: row.suspendedUntil.toISOString() }] : undefined;
  return new AppError(403, message, 'ACCOUNT_SUSPENDED', details);
}

/** Refuses a suspended account (sign-in, refresh, OAuth). */
export function assertNotSuspended(row: Pick<UserRow, 'suspendedAt' | 'suspendedUntil'>, now: Date): void {
  if (isSuspended(row, now)) throw suspendedError(row);
}
