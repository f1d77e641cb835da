import type { AuthIntent } from '../ui';

const KEY = 'atelier.intent';
/** A started action outlives a reload in the middle of signing in, but not an afternoon. */
export const KEPT_INTENT_TTL_MS = 30 * 60 * 1000;

const KINDS: ReadonlySet<string> = new Set(['generate', 'navigate', 'like', 'follow', 'draft']);

/** Keeps what the visitor started in this tab (sessionStorage), so a reload while signing in keeps it too. */
export function keepIntent(intent: AuthIntent, now = Date.now()): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ at: now, intent }));
  } catch {
    // Storage full or refused (private mode): the intent still lives in memory for this page.
  }
}

export function forgetKeptIntent(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}

/** The kept intent if it is recent and well formed; it is removed either way, so it runs once. */
export function takeKeptIntent(now = Date.now()): AuthIntent | null {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
  forgetKeptIntent();
  if (!raw) return null;
  try {
    const kept = JSON.parse(raw) as { at?: unknown; intent?: { kind?: unknown } };
    if (typeof kept.at !== 'number' || now - kept.at > KEPT_INTENT_TTL_MS || now < kept.at) return null;
    if (!kept.intent || typeof kept.intent.kind !== 'string' || !KINDS.has(kept.intent.kind)) return null;
    return kept.intent as AuthIntent;
  } catch {
    return null;
  }
}
