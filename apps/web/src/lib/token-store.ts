import { STORAGE_KEYS } from '@atelier/shared';
import { dropInitialReplies } from './initial-replies';

/** The access and refresh tokens live in localStorage under the spec's keys. */
export const tokenStore = {
  access: (): string | null => localStorage.getItem(STORAGE_KEYS.accessToken),
  refresh: (): string | null => localStorage.getItem(STORAGE_KEYS.refreshToken),
  set(accessToken: string, refreshToken: string): void {
    // Signed in, the page's signed-out replies are no longer this person's view.
    dropInitialReplies();
    localStorage.setItem(STORAGE_KEYS.accessToken, accessToken);
    localStorage.setItem(STORAGE_KEYS.refreshToken, refreshToken);
  },
  clear(): void {
    localStorage.removeItem(STORAGE_KEYS.accessToken);
    localStorage.removeItem(STORAGE_KEYS.refreshToken);
  },
};
