import { describe, expect, it } from 'vitest';
import { createBlocklist } from './blocklist.js';

describe('prompt blocklist', () => {
  const list = createBlocklist(' gore , Child Abuse,,snuff ');

  it('finds a listed word in any case and reports it as configured', () => {
    expect(list.findBlockedTerm('A GORE-soaked battlefield')).toBe('gore');
    expect(list.findBlockedTerm('scenes of child   abuse')).toBe('Child Abuse');
  });

  it('does not match inside longer words', () => {
    expect(list.findBlockedTerm('Gorey illustrations and a gorge at sunset')).toBeNull();
    expect(list.findBlockedTerm('a snuffbox on a table')).toBeNull();
  });

  it('allows everything when the list is empty', () => {
    expect(createBlocklist('').findBlockedTerm('gore')).toBeNull();
  });
});
