import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
export const ARGON2_OPTIONS: Options = {
  // Algorithm is an ambient const enum, which isolated modules cannot read; 2 is Argon2id.
  algorithm: 2 as Algorithm,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

export function hashSecret(plain: string): Promise<string> {
  return hash(plain, ARGON2_OPTIONS);
}

/** False for a wrong secret and for a stored value that is not an argon2 hash. */
export async function verifySecret(stored: string, plain: string): Promise<boolean> {
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the same time as a real check, so a sign-in attempt for an account that does not exist
 * cannot be told apart from a wrong password by how long it takes.
 */
export async function verifyAgainstDummy(plain: string): Promise<false> {
  dummyHash ??= hashSecret('not-a-real-password-0A');
  await verifySecret(await dummyHash, plain);
  return false;
}
