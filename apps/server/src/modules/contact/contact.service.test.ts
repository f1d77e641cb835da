import { describe, expect, it } from 'vitest';
import { addressOf } from './contact.service.js';

describe('addressOf', () => {
  it('takes the address out of a named mailbox', () => {
    expect(addressOf('Atelier <no-reply@atelier.local>')).toBe('no-reply@atelier.local');
  });

  it('keeps a bare address as it is', () => {
    expect(addressOf(' support@atelier.local ')).toBe('support@atelier.local');
  });
});
