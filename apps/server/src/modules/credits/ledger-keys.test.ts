import { describe, expect, it } from 'vitest';
import { ledgerKeys, refereeOfReferrerKey } from './ledger-keys.js';

describe('ledger keys', () => {
  // Ledgers already hold rows with these keys: a changed shape would let a retried grant, charge or
  // refund land a second time, so the shapes are pinned.
  it('keep the shapes existing ledger rows were written with', () => {
    expect(ledgerKeys.signup('u1')).toBe('signup:u1');
    expect(ledgerKeys.generationCharge('c1')).toBe('gen:c1');
    expect(ledgerKeys.generationRefund('c1')).toBe('refund:c1');
    expect(ledgerKeys.checkout('k1')).toBe('checkout:k1');
    expect(ledgerKeys.subscriptionPeriod('s1', new Date('2026-03-01T00:00:00Z'))).toBe('sub:s1:2026-03-01T00:00:00.000Z');
    expect(ledgerKeys.referrerBonus('u2')).toBe('referral:referrer:u2');
    expect(ledgerKeys.refereeBonus('u2')).toBe('referral:referee:u2');
    expect(ledgerKeys.adminChange('a1', 'r1')).toBe('admin:a1:r1');
  });

  it('make a fresh admin key for each change without a request key', () => {
    expect(ledgerKeys.adminChange('a1')).not.toBe(ledgerKeys.adminChange('a1'));
  });

  it('read the invited person back out of a referrer bonus key', () => {
    expect(refereeOfReferrerKey(ledgerKeys.referrerBonus('u9'))).toBe('u9');
  });
});
