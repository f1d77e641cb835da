import { createAction } from '@reduxjs/toolkit';
import type { PublicUser, SessionInfo, UserSettings } from '@atelier/shared';

/**
 * The session's state, the two events the API (api.ts) reports about it, and the balance changes
 * that generation, billing and the live connection report. The auth feature's
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
/** The signed-in person's balance changed (a charge, a refund, a purchase, a live update). */
export const creditsUpdated = createAction<number>('auth/creditsUpdated');
