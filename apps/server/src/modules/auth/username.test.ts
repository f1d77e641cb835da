import { describe, expect, it } from 'vitest';
import { username } from '@atelier/shared';
import { findFreeUsername, usernameBaseFromEmail } from './username.js';

describe('usernames from email addresses', () => {
  it('keeps the allowed characters of the local part', () => {
    expect(usernameBaseFromEmail('jane.doe+promo@example.com')).toBe('jane.doepromo');
  });

  it('pads a local part that is too short and shortens one that is too long', () => {
    expect(usernameBaseFromEmail('jo@example.com')).toBe('userjo');
    expect(usernameBaseFromEmail(`${'a'.repeat(60)}@example.com`)).toHaveLength(24);
  });

  it('always suggests something the signup rules accept', () => {
    for (const email of ['ü@x.io', '++@x.io', 'a_b-c.d@x.io', `${'z'.repeat(64)}@x.io`]) {
      expect(username.safeParse(usernameBaseFromEmail(email)).success).toBe(true);
    }
  });

  it('adds a number when the name is taken, still within the length limit', async () => {
    const taken = new Set(['jane']);
    const found = await findFreeUsername('jane', async (c) => taken.has(c));
    expect(found).toMatch(/^jane\d{2,5}$/);
    const long = await findFreeUsername('x'.repeat(24), async (c) => c === 'x'.repeat(24));
    expect(username.safeParse(long).success).toBe(true);
  });
});
