/** Auth's face: the session state, its queries and actions other features use. */
export { useGetPublicConfigQuery } from './auth-api';
export { creditsUpdated, initialAuthState, loggedOut, signedIn } from './auth-slice';
