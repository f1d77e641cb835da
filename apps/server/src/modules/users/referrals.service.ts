import { makePagination, type Pagination, type ReferralsData } from '@atelier/shared';
import type { Db } from '../../platform/db/db.js';
import type { Realtime } from '../../platform/realtime/realtime.js';
import { findReferee, isLiveAccount, referralCodeOf, referralsPage } from './referrals.repository.js';
import { REFERRER_KEY_PREFIX, announceBalance, applyCredits, entryKeysOf, ledgerKeys, refereeOfReferrerKey, sumOfEntries } from '../credits/index.js';

export interface ReferralProgram {
  /** REFERRAL_BONUS_CREDITS; 0 turns the bonus off. */
  bonusCredits: number;
  realtime: Pick<Realtime, 'toUser'>;
  publicUrl: string;
}

/**
 * The referral settings of each running app, keyed by its database handle. The users module
 * registers them at start, so the verification service can grant the bonus with only its `db`.
 */
const programs = new WeakMap<object, ReferralProgram>();

export function registerReferralProgram(db: Db, program: ReferralProgram): void {
  programs.set(db, program);
}

/**
 * Grants both sides of a referral their bonus once a referred account has verified its email.
 * The ledger's idempotency keys make a second call (or a second verification) change nothing.
 * Returns how many credits were newly granted in total.
 */
export async function grantReferralBonus(db: Db, newUserId: string, program = programs.get(db)): Promise<number> {
  if (!program || program.bonusCredits <= 0) return 0;
  const amount = program.bonusCredits;
  const announce: { userId: string; credits: number }[] = [];
  let granted = 0;
  await db.transaction(async (tx) => {
    const referee = await findReferee(tx, newUserId);
    if (!referee?.referredBy || !referee.isVerified || referee.deletedAt) return;
    const referrer = referee.referredBy;
    if (await isLiveAccount(tx, referrer)) {
      const r = await applyCredits(tx, {
        userId: referrer,
        delta: amount,
        kind: 'referral_bonus',
        reason: 'Referral bonus: a friend you invited joined',
        reference: newUserId,
        idempotencyKey: ledgerKeys.referrerBonus(newUserId),
      });
      if (r.isNew) {
        granted += amount;
        announce.push({ userId: referrer, credits: r.credits });
      }
    }
    const e = await applyCredits(tx, {
      userId: newUserId,
      delta: amount,
      kind: 'referral_bonus',
      reason: 'Referral bonus: welcome from a friend',
      reference: referee.referredBy,
      idempotencyKey: ledgerKeys.refereeBonus(newUserId),
    });
    if (e.isNew) {
      granted += amount;
      announce.push({ userId: newUserId, credits: e.credits });
    }
  });
  for (const a of announce) announceBalance(program.realtime, a.userId, a.credits);
  return granted;
}

export async function listReferrals(
  db: Db,
  program: ReferralProgram,
  userId: string,
  page: number,
  pageSize: number,
): Promise<{ data: ReferralsData; pagination: Pagination }> {
  const [referralCode, { rows, total, verified }, earned] = await Promise.all([
    referralCodeOf(db, userId),
    referralsPage(db, userId, page, pageSize),
    sumOfEntries(db, userId, 'referral_bonus', REFERRER_KEY_PREFIX),
  ]);
  const granted = new Set<string>();
  if (rows.length > 0) {
    const keys = rows.map((r) => ledgerKeys.referrerBonus(r.id));
    for (const key of await entryKeysOf(db, userId, keys)) granted.add(refereeOfReferrerKey(key));
  }
  const code = referralCode ?? '';
  return {
    data: {
      referrals: rows.map((r) => ({
        id: r.id,
        username: r.username,
        fullName: r.fullName,
        joinedAt: r.createdAt.toISOString(),
        isVerified: r.isVerified,
        bonusGranted: granted.has(r.id),
      })),
      stats: { total, verified, creditsEarned: earned },
      referralCode: code,
      referralLink: `${program.publicUrl.replace(/\/$/, '')}/?ref=${encodeURIComponent(code)}`,
    },
    pagination: makePagination(page, pageSize, total),
  };
}
