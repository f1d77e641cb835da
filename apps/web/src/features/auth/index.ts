/** Auth's face: the session state, its queries and actions other features use. */
export {
  authReducer,
  creditsUpdated,
  initialAuthState,
  loggedOut,
  signedIn,
  tokensRefreshed,
  type AuthState,
} from './auth-slice';
// The shell's pieces of auth: the header's controls, the modal and banner in the layout, the theme toggle's hook.
export { AuthControls } from './components/auth-controls';
export { AuthRoot } from './components/auth-root';
export { VerifyEmailBanner } from './components/verify-email-banner';
export { useTheme } from './hooks/use-theme';
