import { createHash, randomBytes, randomInt } from 'node:crypto';

/** 32 random bytes: long enough that storing only a fast hash of it is safe. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Six random digits, leading zeros kept. */
export function newSixDigitCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Eight characters without the look-alikes 0/O and 1/I, easy to read out and type. */
export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += REFERRAL_ALPHABET[randomInt(0, REFERRAL_ALPHABET.length)];
  return code;
}
