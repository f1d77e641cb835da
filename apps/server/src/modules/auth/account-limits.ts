import { tooManyRequests, type AppError } from '../../platform/http/errors.js';
import type { CounterStore } from '../../platform/http/counter-store.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * Per-account limits, on top of the per-address route limits (rate-limits.ts): an attacker who
 * rotates addresses still meets them. Keys are account ids, or the normalised email or username
 * typed in when no account matches, so an unknown account is limited exactly like a real one.
 */
export const ACCOUNT_LIMITS = {
  /** Wrong passwords for one account. */
  signIn: { freeFailures: 5, firstLockMs: 30 * SECOND, maxLockMs: 15 * MINUTE, memoryMs: 60 * MINUTE },
  /** Wrong reset codes for one email. */
  resetCode: { freeFailures: 5, firstLockMs: 30 * SECOND, maxLockMs: 15 * MINUTE, memoryMs: 60 * MINUTE },
  /** Wrong verification codes for one account. */
  emailCode: { freeFailures: 5, firstLockMs: 30 * SECOND, maxLockMs: 15 * MINUTE, memoryMs: 60 * MINUTE },
  /** Reset codes mailed to one email. */
  resetRequests: { max: 5, windowMs: 15 * MINUTE },
  /** Verification codes mailed to one account. */
  verificationRequests: { max: 5, windowMs: 15 * MINUTE },
} as const;

/** "30 seconds", "1 minute", "15 minutes": how long until a retry can succeed. */
export function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / SECOND));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export interface BackoffPolicy {
  /** Failures allowed before the first lock. */
  freeFailures: number;
  /** The first lock; each failure after it doubles the next one, up to maxLockMs. */
  firstLockMs: number;
  maxLockMs: number;
  /** Failures are forgotten this long after the first of them, so no lock outlives it by much. */
  memoryMs: number;
}

/**
 * Exponential back-off after repeated failures of one kind against one account. The first
 * `freeFailures` attempts run freely; from the last of them on, each attempt locks the account
 * while it runs and, if it fails, for `firstLockMs` doubled per further failure (never more than
 * `maxLockMs`). Attempts are forgotten `memoryMs` after the first one, and a success forgets them
 * at once, so nobody is locked out for good. Attempts are counted before they run, so a burst of
 * parallel guesses gets no more tries than a sequence of them.
 */
export class Backoff {
  constructor(
    private readonly counters: CounterStore | null,
    private readonly name: string,
    private readonly policy: BackoffPolicy,
  ) {}

  private lockKey = (id: string) => `backoff:${this.name}:lock:${id}`;
  private failKey = (id: string) => `backoff:${this.name}:fail:${id}`;

  /** Throws the 429 (with Retry-After) while the account is locked. */
  async check(id: string): Promise<void> {
    if (!this.counters) return;
    const lock = await this.counters.peek(this.lockKey(id));
    if (lock) throw lockedOut(lock.ttlMs);
  }

  /**
   * Counts an attempt; throws the 429 if another attempt holds the account locked. Answers how
   * many attempts this one is past the free ones (negative while they last).
   */
  private async begin(id: string): Promise<number> {
    if (!this.counters) return -1;
    const { count } = await this.counters.hit(this.failKey(id), this.policy.memoryMs);
    const over = count - this.policy.freeFailures;
    if (over < 0) return over;
    const lockMs = Math.min(this.policy.firstLockMs * 2 ** Math.min(over, 30), this.policy.maxLockMs);
    const lock = await this.counters.hit(this.lockKey(id), lockMs);
    if (lock.count > 1) throw lockedOut(lock.ttlMs);
    return over;
  }

  async clear(id: string): Promise<void> {
    if (!this.counters) return;
    await Promise.all([this.counters.reset(this.failKey(id)), this.counters.reset(this.lockKey(id))]);
  }

  /**
   * Runs one attempt: refused with a 429 while locked; counted as a failure unless it succeeds;
   * a success clears the failures and any lock. `onFirstLock` runs once when a failure starts the
   * first lock (the owner is told), after the attempt's own error is known.
   */
  async run<T>(id: string, attempt: () => Promise<T>, onFirstLock?: () => Promise<void>): Promise<T> {
    await this.check(id);
    const over = await this.begin(id);
    let result: T;
    try {
      result = await attempt();
    } catch (err) {
      if (over === 0 && onFirstLock) await onFirstLock();
      throw err;
    }
    await this.clear(id);
    return result;
  }
}

function lockedOut(ms: number): AppError {
  return tooManyRequests(`Too many failed attempts, please try again in ${waitText(ms)}`, ms / SECOND);
}

/** At most `max` calls per window for one account, whatever the outcome. */
export class Quota {
  constructor(
    private readonly counters: CounterStore | null,
    private readonly name: string,
    private readonly policy: { max: number; windowMs: number },
  ) {}

  async consume(id: string): Promise<void> {
    if (!this.counters) return;
    const { count, ttlMs } = await this.counters.hit(`quota:${this.name}:${id}`, this.policy.windowMs);
    if (count > this.policy.max) {
      throw tooManyRequests(
        `Too many requests for this account, please try again in ${waitText(ttlMs)}`,
        ttlMs / SECOND,
      );
    }
  }
}

export interface AccountLimits {
  signIn: Backoff;
  resetCode: Backoff;
  emailCode: Backoff;
  resetRequests: Quota;
  verificationRequests: Quota;
}

/** The per-account limits over the shared counters; none at all when `counters` is null. */
export function makeAccountLimits(counters: CounterStore | null): AccountLimits {
  return {
    signIn: new Backoff(counters, 'sign-in', ACCOUNT_LIMITS.signIn),
    resetCode: new Backoff(counters, 'reset-code', ACCOUNT_LIMITS.resetCode),
    emailCode: new Backoff(counters, 'email-code', ACCOUNT_LIMITS.emailCode),
    resetRequests: new Quota(counters, 'reset-request', ACCOUNT_LIMITS.resetRequests),
    verificationRequests: new Quota(counters, 'verification-request', ACCOUNT_LIMITS.verificationRequests),
  };
}

/** The key for an email or username as typed: case and surrounding spaces do not make a new one. */
export const typedAccountKey = (value: string) => `typed:${value.trim().toLowerCase()}`;
