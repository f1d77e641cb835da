import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatCvc, formatExpiry } from './card-format';

describe('card formatting as people type', () => {
  it('groups the number in fours and drops what is not a digit', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42')).toBe('4242 42');
    expect(formatCardNumber('4242 ')).toBe('4242');
  });

  it('puts the slash in the expiry', () => {
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('12', '1')).toBe('12/');
    expect(formatExpiry('4')).toBe('04/');
    expect(formatExpiry('12/2030')).toBe('12/30');
    // Backspace through the slash.
    expect(formatExpiry('12', '12/')).toBe('12');
    expect(formatExpiry('1', '12')).toBe('1');
  });

  it('keeps the CVC to digits', () => {
    expect(formatCvc('12a34 5')).toBe('1234');
  });
});
