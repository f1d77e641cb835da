import { describe, expect, it } from 'vitest';
import { signedIn, loggedOut, creditsUpdated } from '../features/auth';
import { makeStore } from './store';
import { PERSIST_STORAGE_KEY, loadPersistedAuth, persistAuth } from './persist-auth';
import { testUser } from '../testing/generation-test-utils';

describe('the auth slice kept in the browser (key root)', () => {
  it('is saved when it changes and read back before the next first render, signed in', () => {
    localStorage.clear();
    const store = makeStore();
    const stop = persistAuth(store);
    store.dispatch(signedIn(testUser));
    store.dispatch(creditsUpdated(77));
    stop();

    const saved = JSON.parse(localStorage.getItem(PERSIST_STORAGE_KEY)!) as Record<string, string>;
    expect(Object.keys(saved).sort()).toEqual(['_persist', 'auth']);
    const auth = loadPersistedAuth();
    expect(auth?.isAuthenticated).toBe(true);
    expect(auth?.user?.credits).toBe(77);
    const next = makeStore({ auth });
    expect(next.getState().auth.user?.id).toBe(testUser.id);
  });

  it('keeps only the auth slice, and signing out is saved too', () => {
    localStorage.clear();
    const store = makeStore();
    persistAuth(store);
    store.dispatch(signedIn(testUser));
    store.dispatch(loggedOut());
    const saved = JSON.parse(localStorage.getItem(PERSIST_STORAGE_KEY)!) as Record<string, string>;
    expect(saved).not.toHaveProperty('ui');
    expect(saved).not.toHaveProperty('theme');
    expect(loadPersistedAuth()?.isAuthenticated).toBe(false);
    expect(loadPersistedAuth()?.user).toBeNull();
  });

  it('reads a session saved in the earlier layout, and starts signed out on anything unreadable', () => {
    localStorage.setItem(
      PERSIST_STORAGE_KEY,
      JSON.stringify({
        auth: JSON.stringify({ user: testUser, isAuthenticated: true }),
        _persist: '{"version":-1,"rehydrated":true}',
      }),
    );
    const auth = loadPersistedAuth();
    expect(auth?.user?.email).toBe(testUser.email);
    expect(auth?.activeSessions).toEqual([]);

    for (const bad of ['{', '"x"', '{"auth":5}', '{"auth":"[1]"}', '{"auth":"nope"}']) {
      localStorage.setItem(PERSIST_STORAGE_KEY, bad);
      expect(loadPersistedAuth(), bad).toBeUndefined();
    }
    localStorage.removeItem(PERSIST_STORAGE_KEY);
    expect(loadPersistedAuth()).toBeUndefined();
  });
});
