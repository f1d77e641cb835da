import { STORAGE_KEYS } from '@atelier/shared';
import { initialAuthState, type AuthState } from '../features/auth';

/**
 * Only the auth slice is kept in the browser, under the key `root` (spec §4), in the layout that
 * redux-persist used: `persist:root` holds `{ auth: "<JSON>", _persist: "<JSON>" }`, so a person
 * signed in before keeps their session. It is read synchronously before the first render, so the
 * spec's rehydration timeout (`LIMITS.persistTimeoutMs`, 5000 ms) can never be reached and the
 * first screen never waits for storage.
 */
export const PERSIST_STORAGE_KEY = `persist:${STORAGE_KEYS.persistRoot}`;
const PERSIST_META = JSON.stringify({ version: -1, rehydrated: true });

/** The saved auth slice over the initial one, or undefined when nothing (readable) is saved. */
export function loadPersistedAuth(storage: Storage | undefined = globalThis.localStorage): AuthState | undefined {
  try {
    const raw = storage?.getItem(PERSIST_STORAGE_KEY);
    if (!raw) return undefined;
    const saved = JSON.parse(raw) as { auth?: unknown };
    if (typeof saved.auth !== 'string') return undefined;
    const auth = JSON.parse(saved.auth) as unknown;
    if (!auth || typeof auth !== 'object' || Array.isArray(auth)) return undefined;
    return { ...initialAuthState, ...(auth as Partial<AuthState>) };
  } catch {
    // Unreadable or blocked storage starts signed out, as a first visit does.
    return undefined;
  }
}

interface AuthStore {
  getState(): { auth: AuthState };
  subscribe(listener: () => void): () => void;
}

/** Saves the auth slice whenever it changes (a new object under Redux's immutability); returns the unsubscribe. */
export function persistAuth(store: AuthStore, storage: Storage | undefined = globalThis.localStorage): () => void {
  let saved = store.getState().auth;
  return store.subscribe(() => {
    const auth = store.getState().auth;
    if (auth === saved) return;
    saved = auth;
    try {
      storage?.setItem(PERSIST_STORAGE_KEY, JSON.stringify({ auth: JSON.stringify(auth), _persist: PERSIST_META }));
    } catch {
      // A full or blocked storage keeps the session for this tab only.
    }
  });
}
