/** Lifetimes and limits of the sign-in flows (DESIGN.md §6 "Sign-in"), in one place. */
export const AUTH_POLICY = {
  refreshTokenTtlMs: 30 * 24 * 60 * 60 * 1000,
  codeTtlMs: 10 * 60 * 1000,
  codeMaxAttempts: 5,
  resetTokenTtlMs: 15 * 60 * 1000,
  /**
   * A refresh token spent this recently may be presented again (two tabs refreshing at once) and
   * gets a pair of its own; later reuse still signs the whole device out.
   */
  refreshReuseGraceMs: 30 * 1000,
} as const;

/** Texts of replies this module gives where the spec has none of its own. */
export const AUTH_TEXT = {
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  usernameTaken: 'This username is already taken',
  invalidReferral: 'Invalid referral code',
  googleNotConfigured: 'Google sign-in is not configured on this server',
  facebookNotConfigured: 'Facebook sign-in is not configured on this server',
  facebookNoEmail: 'Facebook did not share an email address for this account; please sign up with email instead',
  currentPasswordWrong: 'Current password is incorrect',
  noPasswordYet: 'Your account has no password yet; use Forgot password to set one',
  alreadyVerified: 'Your email is already verified',
  sessionNotFound: 'Session not found',
  signedOut: 'Signed out',
  signedOutAll: 'Signed out from all devices',
  sessionSignedOut: 'Session signed out',
  resetRequested: 'If an account exists for this email, a reset code has been sent',
  passwordReset: 'Your password has been reset',
  passwordChanged: 'Password changed',
  verificationSent: 'A verification code has been sent to your email',
  emailVerified: 'Your email has been verified',
} as const;
