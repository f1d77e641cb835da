import type { ChatMessage } from '@atelier/shared';

/** Whether a message belongs to the thread between `selfId` and `otherId`. */
export const isInThread = (m: ChatMessage, selfId: string, otherId: string): boolean =>
  (m.senderId === selfId && m.recipientId === otherId) || (m.senderId === otherId && m.recipientId === selfId);

/**
 * Adds messages to a thread without duplicates, oldest first. A message heard twice (the ack, the
 * `messageSent` event, the other tab's `newMessage`, the history) keeps one copy, and a read mark
 * already known is never lost to an older copy.
 */
export function mergeMessages(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return current;
  const byId = new Map(current.map((m) => [m.id, m]));
  let changed = false;
  for (const m of incoming) {
    const known = byId.get(m.id);
    if (known && (known.readAt || !m.readAt)) continue;
    byId.set(m.id, known ? { ...known, readAt: m.readAt } : m);
    changed = true;
  }
  if (!changed) return current;
  // Stable: equal times keep the order they arrived in, which is the order they were stored.
  return [...byId.values()].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
}

/** Applies a read receipt. */
export function markRead(current: ChatMessage[], messageIds: string[], readAt: string): ChatMessage[] {
  const ids = new Set(messageIds);
  if (!current.some((m) => ids.has(m.id) && !m.readAt)) return current;
  return current.map((m) => (ids.has(m.id) && !m.readAt ? { ...m, readAt } : m));
}

export function formatMessageTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const time = at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  if (at.toDateString() === now.toDateString()) return time;
  return `${at.toLocaleDateString(undefined, { month: 'short', day: 'numeric' })}, ${time}`;
}
