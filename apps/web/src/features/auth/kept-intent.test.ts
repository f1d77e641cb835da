import { afterEach, describe, expect, it } from 'vitest';
import { KEPT_INTENT_TTL_MS, forgetKeptIntent, keepIntent, takeKeptIntent } from './kept-intent';

afterEach(() => sessionStorage.clear());

describe('kept intent', () => {
  it('gives back what was started once, and only in this tab', () => {
    keepIntent({ kind: 'like', contentId: 'c-1' }, 1000);
    expect(takeKeptIntent(2000)).toEqual({ kind: 'like', contentId: 'c-1' });
    expect(takeKeptIntent(2000)).toBeNull();
  });

  it('drops an intent older than its time to live, or one that was given up', () => {
    keepIntent({ kind: 'follow', userId: 'u-1' }, 0);
    expect(takeKeptIntent(KEPT_INTENT_TTL_MS + 1)).toBeNull();
    keepIntent({ kind: 'follow', userId: 'u-1' }, 0);
    forgetKeptIntent();
    expect(takeKeptIntent(1)).toBeNull();
  });

  it('ignores what it does not recognise', () => {
    sessionStorage.setItem('atelier.intent', '{not json');
    expect(takeKeptIntent()).toBeNull();
    sessionStorage.setItem('atelier.intent', JSON.stringify({ at: Date.now(), intent: { kind: 'delete-account' } }));
    expect(takeKeptIntent()).toBeNull();
  });
});
