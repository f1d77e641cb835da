import { createHmac } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify } from 'jose';

/** What a provider tells us about the person, once their token has been checked. */
export interface OAuthProfile {
  providerId: string;
  /** Lower-cased; null when the provider shared none. */
  email: string | null;
  name: string | null;
  picture: string | null;
}

export type OAuthVerifier = (token: string) => Promise<OAuthProfile>;

/** The token was not accepted; the caller answers with its provider's 401 text. */
export class OAuthRejected extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'OAuthRejected';
  }
}

const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

/**
 * Checks a Google ID token's signature against Google's published keys (fetched and cached by
 * jose), its issuer, audience and lifetime, and that Google has verified the email.
 */
export function makeGoogleVerifier(opts: { clientId: string; jwksUrl: string; clock: () => Date }): OAuthVerifier {
  const keys = createRemoteJWKSet(new URL(opts.jwksUrl), { timeoutDuration: 10_000 });
  return async (idToken) => {
    let payload;
    try {
      ({ payload } = await jwtVerify(idToken, keys, {
        issuer: GOOGLE_ISSUERS,
        audience: opts.clientId,
        currentDate: opts.clock(),
        algorithms: ['RS256'],
      }));
    } catch (err) {
      throw new OAuthRejected(`Google ID token rejected: ${err instanceof Error ? err.message : String(err)}`);
    }
    const verified = payload.email_verified === true || payload.email_verified === 'true';
    if (typeof payload.sub !== 'string' || !payload.sub) throw new OAuthRejected('Google ID token has no subject');
    if (typeof payload.email !== 'string' || !verified) throw new OAuthRejected('Google has not verified this email');
    return {
      providerId: payload.sub,
      email: payload.email.toLowerCase(),
      name: typeof payload.name === 'string' && payload.name.trim() ? payload.name.trim() : null,
      picture: typeof payload.picture === 'string' ? payload.picture : null,
    };
  };
}

interface DebugTokenReply {
  data?: { is_valid?: boolean; app_id?: string | number; user_id?: string | number };
}

interface MeReply {
  id?: string | number;
  name?: string;
  email?: string;
  picture?: { data?: { url?: string } };
}

/**
 * Checks a Facebook user access token with the Graph API: it must be valid and issued to our app
 * (debug_token, asked with the app's own token), then reads the person's profile with it.
 */
export function makeFacebookVerifier(opts: {
  appId: string;
  appSecret: string;
  graphUrl: string;
  fetch?: typeof fetch;
}): OAuthVerifier {
  const doFetch = opts.fetch ?? fetch;
  const base = opts.graphUrl.replace(/\/+$/, '');
  async function getJson<T>(path: string, params: Record<string, string>): Promise<T> {
    const url = `${base}${path}?${new URLSearchParams(params).toString()}`;
    let res: Response;
    try {
      res = await doFetch(url, { signal: AbortSignal.timeout(10_000), headers: { accept: 'application/json' } });
    } catch (err) {
      throw new OAuthRejected(`Facebook Graph API unreachable: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (!res.ok) throw new OAuthRejected(`Facebook Graph API ${path} answered ${res.status}`);
    return (await res.json().catch(() => ({}))) as T;
  }

  return async (accessToken) => {
    const debug = await getJson<DebugTokenReply>('/debug_token', {
      input_token: accessToken,
      access_token: `${opts.appId}|${opts.appSecret}`,
    });
    const info = debug.data;
    if (!info?.is_valid) throw new OAuthRejected('Facebook token is not valid');
    if (String(info.app_id) !== opts.appId) throw new OAuthRejected('Facebook token was issued to another app');

    const me = await getJson<MeReply>('/me', {
      fields: 'id,name,email,picture',
      access_token: accessToken,
      // Proves the call comes from the app's server; required by apps that enforce it.
      appsecret_proof: createHmac('sha256', opts.appSecret).update(accessToken).digest('hex'),
    });
    if (me.id === undefined || me.id === '') throw new OAuthRejected('Facebook profile has no id');
    if (info.user_id !== undefined && String(info.user_id) !== String(me.id)) {
      throw new OAuthRejected('Facebook token belongs to another person');
    }
    return {
      providerId: String(me.id),
      email: typeof me.email === 'string' && me.email ? me.email.toLowerCase() : null,
      name: typeof me.name === 'string' && me.name.trim() ? me.name.trim() : null,
      picture: me.picture?.data?.url ?? null,
    };
  };
}
