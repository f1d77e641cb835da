import { randomInt } from 'node:crypto';
import { isReservedUsername } from '@atelier/shared';

const MIN = 3;
const BASE_MAX = 24;

/** A valid username (letters, digits, `_.-`, 3–30 long) suggested by an email address. */
export function usernameBaseFromEmail(email: string): string {
  const local = email.split('@')[0] ?? '';
  const cleaned = local.replace(/[^a-zA-Z0-9_.-]/g, '').slice(0, BASE_MAX);
  // support@example.com signing in with Google must not become "support".
  if (isReservedUsername(cleaned)) return 'user';
  return cleaned.length >= MIN ? cleaned : `user${cleaned}`;
}

/** The base itself first, then the base with a random number, until `isTaken` says no. */
export async function findFreeUsername(
  base: string,
  isTaken: (candidate: string) => Promise<boolean>,
): Promise<string> {
  if (!(await isTaken(base))) return base;
  for (let i = 0; i < 20; i++) {
    const candidate = `${base}${randomInt(10, 100_000)}`;
    if (!(await isTaken(candidate))) return candidate;
  }
  throw new Error(`no free username found for ${base}`);
}
