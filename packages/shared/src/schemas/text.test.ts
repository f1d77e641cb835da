import { describe, expect, it } from 'vitest';
import { findInvalidText, isValidText } from './text.js';

describe('the text rule', () => {
  it('accepts ordinary text, emoji and other scripts', () => {
    expect(isValidText('Hello, wörld — 你好 👋🏽')).toBe(true);
    expect(findInvalidText({ a: ['x', { b: 'y' }], n: 1, t: true, z: null })).toBeNull();
  });

  it('refuses NUL and lone surrogates, and names where they are', () => {
    expect(isValidText('a\u0000b')).toBe(false);
    expect(isValidText('\uD83D')).toBe(false);
    expect(isValidText('x\uDC00')).toBe(false);
    expect(findInvalidText({ title: 'ok', tags: ['fine', 'bad\u0000'] })).toBe('tags.1');
    expect(findInvalidText({ ['k\u0000']: 1 })).toBe('k\u0000');
    expect(findInvalidText('\u0000')).toBe('');
  });

  it('walks any depth without overflowing', () => {
    let deep: unknown = 'bad\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findInvalidText(deep)).not.toBeNull();
  });
});
