/** Header controls: sign-in/up buttons when signed out, the user menu with credits when signed in. */
export function AuthControls() {
  return null;
}
