import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PublicUser, SessionInfo, UserSettings } from '@atelier/shared';
import { creditsUpdated, loggedOut, tokensRefreshed, type AuthState } from '../../lib/session';

export { creditsUpdated, loggedOut, tokensRefreshed, type AuthState };

export const initialAuthState: AuthState = {
  user: null,
  userSettings: null,
  isAuthenticated: false,
  isLoading: false,
  error: null,
  passwordResetRequested: false,
  resetEmail: null,
  otpVerified: false,
  resetToken: null,
  activeSessions: [],
};

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    signedIn(state, action: PayloadAction<PublicUser>) {
      state.user = action.payload;
      state.isAuthenticated = true;
      state.error = null;
    },
    userLoaded(state, action: PayloadAction<PublicUser>) {
      state.user = action.payload;
      state.isAuthenticated = true;
    },
    currentUserFailed(state) {
      state.isAuthenticated = false;
      state.user = null;
    },
    emailVerified(state) {
      if (state.user) state.user.isVerified = true;
    },
    settingsLoaded(state, action: PayloadAction<UserSettings>) {
      state.userSettings = action.payload;
    },
    authErrorSet(state, action: PayloadAction<string | null>) {
      state.error = action.payload;
    },
    passwordResetRequested(state, action: PayloadAction<string | undefined>) {
      state.passwordResetRequested = true;
      state.resetEmail = action.payload ?? state.resetEmail;
    },
    otpVerified(state, action: PayloadAction<string>) {
      state.otpVerified = true;
      state.resetToken = action.payload;
    },
    /** Back to the email step (Resend), keeping the address so it need not be typed again. */
    passwordResetRestarted(state) {
      state.passwordResetRequested = false;
      state.otpVerified = false;
      state.resetToken = null;
    },
    passwordResetDone(state) {
      state.passwordResetRequested = false;
      state.resetEmail = null;
      state.otpVerified = false;
      state.resetToken = null;
    },
    sessionsLoaded(state, action: PayloadAction<SessionInfo[]>) {
      state.activeSessions = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      // Logout, even a failed one, clears the user, settings and authentication.
      .addCase(loggedOut, (state) => {
        state.user = null;
        state.userSettings = null;
        state.isAuthenticated = false;
        state.activeSessions = [];
      })
      .addCase(tokensRefreshed, (state) => {
        state.error = null;
      })
      .addCase(creditsUpdated, (state, action) => {
        if (state.user) state.user.credits = action.payload;
      });
  },
});

export const {
  signedIn,
  userLoaded,
  currentUserFailed,
  emailVerified,
  settingsLoaded,
  authErrorSet,
  passwordResetRequested,
  otpVerified,
  passwordResetRestarted,
  passwordResetDone,
  sessionsLoaded,
} = authSlice.actions;
export const authReducer = authSlice.reducer;
