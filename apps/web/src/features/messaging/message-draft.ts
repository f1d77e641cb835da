/**
 * An unsent message, kept in this tab (sessionStorage) per writer and conversation, so a session
 * that ends mid-sentence (signed out, expired, a reload) gives it back after signing in again.
 * Short-lived: a draft older than half an hour is dropped.
 */
const PREFIX = 'atelier.draft.message:';
export const MESSAGE_DRAFT_TTL_MS = 30 * 60 * 1000;

export function messageDraftKey(selfId: string, otherId: string): string {
  return `${PREFIX}${selfId}:${otherId}`;
}

export function readMessageDraft(key: string, now = Date.now()): string {
  try {
    const raw = sessionStorage.getItem(key);
    if (!raw) return '';
    const kept = JSON.parse(raw) as { at?: unknown; text?: unknown };
    if (typeof kept.at === 'number' && typeof kept.text === 'string' && now - kept.at <= MESSAGE_DRAFT_TTL_MS)
      return kept.text;
    sessionStorage.removeItem(key);
  } catch {
    // Unreadable or refused storage: no draft.
  }
  return '';
}

export function writeMessageDraft(key: string, text: string, now = Date.now()): void {
  try {
    if (text.trim()) sessionStorage.setItem(key, JSON.stringify({ at: now, text }));
    else sessionStorage.removeItem(key);
  } catch {
    // Storage full or refused: the draft lives only in the box.
  }
}
