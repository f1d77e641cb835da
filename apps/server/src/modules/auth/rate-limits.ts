import type { RateLimitOptions } from '@fastify/rate-limit';
import type { Config } from '../../config.js';

/**
 * Per-IP limits for the calls someone could hammer: guessing passwords or codes, creating
 * accounts, or making us send mail.
 */
export const RATE_LIMITS = {
  login: { max: 10, timeWindow: '1 minute' },
  register: { max: 10, timeWindow: '1 minute' },
  google: { max: 10, timeWindow: '1 minute' },
  facebook: { max: 10, timeWindow: '1 minute' },
  forgotPassword: { max: 5, timeWindow: '1 minute' },
  verifyResetOtp: { max: 10, timeWindow: '1 minute' },
  requestVerification: { max: 5, timeWindow: '1 minute' },
  verifyEmail: { max: 10, timeWindow: '1 minute' },
  contact: { max: 5, timeWindow: '1 minute' },
} as const;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** The route `config` for @fastify/rate-limit; nothing at all when RATE_LIMIT_DISABLED is set. */
export function rateLimited(
  config: Pick<Config, 'RATE_LIMIT_DISABLED'>,
  name: RateLimitName,
): { rateLimit?: RateLimitOptions } {
  return config.RATE_LIMIT_DISABLED ? {} : { rateLimit: { ...RATE_LIMITS[name] } };
}
