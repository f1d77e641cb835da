import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@atelier/shared';
import { isInThread, markRead, mergeMessages } from './thread-merge';

const m = (id: string, at: string, overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  conversationId: 'c',
  senderId: 'a',
  recipientId: 'b',
  content: id,
  createdAt: `2026-01-01T10:00:${at}.000Z`,
  readAt: null,
  ...overrides,
});

describe('mergeMessages', () => {
  it('adds new messages in time order and never twice', () => {
    const start = [m('1', '01'), m('3', '03')];
    const merged = mergeMessages(start, [m('2', '02'), m('3', '03'), m('4', '04'), m('2', '02')]);
    expect(merged.map((x) => x.id)).toEqual(['1', '2', '3', '4']);
  });

  it('returns the same list when nothing is new, so React does not re-render', () => {
    const start = [m('1', '01')];
    expect(mergeMessages(start, [m('1', '01')])).toBe(start);
    expect(mergeMessages(start, [])).toBe(start);
  });

  it('keeps a read mark whichever copy arrives last', () => {
    const read = m('1', '01', { readAt: '2026-01-01T11:00:00.000Z' });
    expect(mergeMessages([m('1', '01')], [read])[0]?.readAt).toBe(read.readAt);
    expect(mergeMessages([read], [m('1', '01')])[0]?.readAt).toBe(read.readAt);
  });
});

describe('markRead and isInThread', () => {
  it('marks only the named unread messages', () => {
    const list = [m('1', '01'), m('2', '02'), m('3', '03', { readAt: 'earlier' })];
    const after = markRead(list, ['2', '3'], 'now');
    expect(after.map((x) => x.readAt)).toEqual([null, 'now', 'earlier']);
    expect(markRead(after, ['2'], 'later')).toBe(after);
  });

  it('matches both directions of one pair only', () => {
    expect(isInThread(m('1', '01'), 'a', 'b')).toBe(true);
    expect(isInThread(m('1', '01'), 'b', 'a')).toBe(true);
    expect(isInThread(m('1', '01'), 'a', 'c')).toBe(false);
  });
});
