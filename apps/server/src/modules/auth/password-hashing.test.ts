import { describe, expect, it } from 'vitest';
import { hashSecret, verifyAgainstDummy, verifySecret } from './password-hashing.js';

describe('password hashing', () => {
  it('stores argon2id with the OWASP parameters and verifies only the right password', async () => {
    const stored = await hashSecret('Correct1horse');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifySecret(stored, 'Correct1horse')).toBe(true);
    expect(await verifySecret(stored, 'correct1horse')).toBe(false);
  });

  it('salts every hash, so equal passwords do not look equal', async () => {
    expect(await hashSecret('Same1same')).not.toBe(await hashSecret('Same1same'));
  });

  it('treats a stored value that is not a hash as a mismatch instead of failing', async () => {
    expect(await verifySecret('plain-text', 'plain-text')).toBe(false);
  });

  it('always rejects when checking against the dummy', async () => {
    expect(await verifyAgainstDummy('not-a-real-password-0A')).toBe(false);
  });
});
