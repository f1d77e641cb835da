import { createAction } from '@reduxjs/toolkit';
import type { PublicUser, SessionInfo, UserSettings } from '@atelier/shared';

/**
 * The session's state and the two events the API (api.ts) reports about it. The auth feature's
 * slice holds this state and handles these actions (features/auth/auth-slice.ts); they are declared
 * here so that the API and the store's shape need nothing from a feature.
 */

/** Spec §3 "Auth state". Only this slice is persisted (key `root`). */
export interface AuthState {
  user: PublicUser | null;
  userSettings: UserSettings | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  error: string | null;
  passwordResetRequested: boolean;
  /** The address the reset code went to, so the code step survives closing the modal. */
  resetEmail: string | null;
  otpVerified: boolean;
  resetToken: string | null;
  activeSessions: SessionInfo[];
}

/** Logout, even a failed one, or a refresh that failed: clears the user, settings and authentication. */
export const loggedOut = createAction('auth/loggedOut');
/** The API refreshed the tokens after a 401. */
export const tokensRefreshed = createAction('auth/tokensRefreshed');
