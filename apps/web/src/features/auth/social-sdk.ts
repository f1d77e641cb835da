/** The two providers' browser SDKs, loaded only when someone wants to use them. */

export const GOOGLE_SDK_URL = 'https://accounts.google.com/gsi/client';
export const FACEBOOK_SDK_URL = 'https://connect.facebook.net/en_US/sdk.js';
const FACEBOOK_GRAPH_VERSION = 'v19.0';

interface GoogleCredentialResponse {
  credential?: string;
}

interface GoogleIdentity {
  initialize(options: {
    client_id: string;
    callback: (response: GoogleCredentialResponse) => void;
    cancel_on_tap_outside?: boolean;
    use_fedcm_for_prompt?: boolean;
  }): void;
  prompt(): void;
  renderButton(parent: HTMLElement, options: Record<string, unknown>): void;
}

interface FacebookLoginResponse {
  status?: string;
  authResponse?: { accessToken?: string } | null;
}

interface FacebookSdk {
  init(options: { appId: string; cookie?: boolean; xfbml?: boolean; version: string }): void;
  login(callback: (response: FacebookLoginResponse) => void, options?: { scope: string }): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleIdentity } };
    FB?: FacebookSdk;
  }
}

const loading = new Map<string, Promise<void>>();

export function loadScript(src: string): Promise<void> {
  const existing = loading.get(src);
  if (existing) return existing;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.defer = true;
    script.onload = () => resolve();
    script.onerror = () => {
      // Forget the failure so a later click can try again, e.g. once the connection is back.
      loading.delete(src);
      script.remove();
      reject(new Error(`Could not load ${src}`));
    };
    document.head.appendChild(script);
  });
  loading.set(src, promise);
  return promise;
}

async function loadGoogleIdentity(): Promise<GoogleIdentity> {
  if (!window.google?.accounts?.id) await loadScript(GOOGLE_SDK_URL);
  const identity = window.google?.accounts?.id;
  if (!identity) throw new Error('Google Identity Services did not start');
  return identity;
}

let initializedGoogleClient: string | null = null;
let onGoogleCredential: ((idToken: string) => void) | null = null;

/**
 * Asks Google for an ID token. Google calls back through one global callback, so the latest caller
 * receives the credential; the official button is also drawn into `buttonSlot`, because browsers may
 * suppress the one-tap prompt.
 */
export async function startGoogleSignIn(
  clientId: string,
  buttonSlot: HTMLElement | null,
  onCredential: (idToken: string) => void,
): Promise<void> {
  const identity = await loadGoogleIdentity();
  onGoogleCredential = onCredential;
  if (initializedGoogleClient !== clientId) {
    identity.initialize({
      client_id: clientId,
      callback: (response) => {
        if (response.credential) onGoogleCredential?.(response.credential);
      },
      cancel_on_tap_outside: true,
      use_fedcm_for_prompt: true,
    });
    initializedGoogleClient = clientId;
  }
  if (buttonSlot) {
    identity.renderButton(buttonSlot, { theme: 'outline', size: 'large', text: 'continue_with', width: 280 });
  }
  identity.prompt();
}

let initializedFacebookApp: string | null = null;

async function loadFacebookSdk(appId: string): Promise<FacebookSdk> {
  if (!window.FB) await loadScript(FACEBOOK_SDK_URL);
  const sdk = window.FB;
  if (!sdk) throw new Error('The Facebook SDK did not start');
  if (initializedFacebookApp !== appId) {
    sdk.init({ appId, cookie: false, xfbml: false, version: FACEBOOK_GRAPH_VERSION });
    initializedFacebookApp = appId;
  }
  return sdk;
}

/** Resolves with a Facebook user access token, or null when the person closed the window. */
export async function startFacebookSignIn(appId: string): Promise<string | null> {
  const sdk = await loadFacebookSdk(appId);
  return new Promise((resolve) => {
    sdk.login(
      (response) => {
        const token = response.status === 'connected' ? response.authResponse?.accessToken : undefined;
        resolve(token ?? null);
      },
      { scope: 'public_profile,email' },
    );
  });
}

/** For tests: forget which client ids were initialised. */
export function resetSocialSdkState(): void {
  initializedGoogleClient = null;
  initializedFacebookApp = null;
  onGoogleCredential = null;
  loading.clear();
}
