import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { Role } from '@atelier/shared';
import type { Db } from '../db/db.js';
import { findLiveSession } from '../../modules/auth/index.js';
import { forbidden, unauthorized } from './errors.js';
import { apiKeyScopesOf } from './openapi.js';

export interface AuthUser {
  id: string;
  role: Role;
  sessionId: string;
  /** Set when the request came with a personal API key instead of a session. */
  apiKeyId?: string;
  /**
   * Set by `requireSignedToken`: the token is genuine and unexpired, but whether its session is
   * still live (and the account's role) has not been read. The route's own statement must check
   * it (liveSessionRole) and answer `sessionEnded()` when it is not.
   */
  isSessionUnchecked?: true;
  /**
   * The account's settings.showMature, read with the session on every request (resolveSession);
   * absent (off) where the session was not read. The content visibility rule reads it.
   */
  showMature?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthUser | null;
  }
}

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** Access tokens whose signature was checked, kept until they expire (at most this many). */
const VERIFIED_TOKENS_MAX = 10_000;

/** Signs and checks the short-lived access JWT (DESIGN.md §6 "Sign-in"). */
export class TokenService {
  private readonly key: Uint8Array;
  /**
   * Checking an HS256 signature through WebCrypto was the largest cost of an authenticated request
   * that does little else. A token is the same bytes on every request of a client, so its checked
   * claims are kept, by the exact token, until the token's own expiry; whether its session is
   * still live is asked on every request all the same (resolveSession).
   */
  private readonly verified = new Map<string, { user: AuthUser; expiresAtMs: number }>();

  constructor(
    secret: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async signAccess(user: AuthUser): Promise<string> {
    const iat = Math.floor(this.now().getTime() / 1000);
    return new SignJWT({ role: user.role, sid: user.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
      .setAudience('atelier')
      .sign(this.key);
  }

  /**
   * A token for a link that acts without signing in (an email's unsubscribe link): signed, bound to
   * one purpose, and without expiry. Not a session: verifyAccess refuses it.
   */
  async signLink(purpose: string, subject: string, claims: Record<string, string> = {}): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(subject)
      .setIssuedAt(Math.floor(this.now().getTime() / 1000))
      .setAudience(`atelier:${purpose}`)
      .sign(this.key);
  }

  /** The subject and claims of a link token of this purpose, or null when it is not one. */
  async verifyLink(purpose: string, token: string): Promise<{ subject: string; claims: Record<string, unknown> } | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { audience: `atelier:${purpose}`, algorithms: ['HS256'] });
      return typeof payload.sub === 'string' ? { subject: payload.sub, claims: payload } : null;
    } catch {
      return null;
    }
  }

  /** Returns the token's claims, or throws a 401 whose message says what is wrong. */
  async verifyAccess(token: string): Promise<AuthUser> {
    const known = this.verified.get(token);
    if (known) {
      // jose's rule: a token is expired from its `exp` second on.
      if (this.now().getTime() < known.expiresAtMs) return { ...known.user };
      this.verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, this.key, {
        audience: 'atelier',
        currentDate: this.now(),
        algorithms: ['HS256'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') throw unauthorized('Invalid token');
      const user: AuthUser = { id: payload.sub, role: payload.role === 'admin' ? 'admin' : 'user', sessionId: payload.sid };
      if (typeof payload.exp === 'number') {
        if (this.verified.size >= VERIFIED_TOKENS_MAX) this.verified.delete(this.verified.keys().next().value as string);
        this.verified.set(token, { user, expiresAtMs: payload.exp * 1000 });
      }
      return { ...user };
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw unauthorized('Your session has expired, please sign in again');
      if (err instanceof Error && err.name === 'AppError') throw err;
      throw unauthorized('Invalid token');
    }
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value : undefined;
}

/** The refusal of a token whose session was revoked or expired, or whose account is gone. */
export const sessionEnded = () => unauthorized('Your session has ended, please sign in again');

/**
 * Resolves the bearer token to a live session of a live account. Signing out (one session or all)
 * therefore takes effect at once, not when the access token expires. The role is read from the
 * database, so a changed role applies to the next request.
 */
export async function resolveAuth(db: Db, tokens: TokenService, token: string): Promise<AuthUser> {
  return (await resolveSession(db, tokens, token)).user;
}

/** resolveAuth plus the session's device family (every refresh of one sign-in shares it). */
export async function resolveSession(db: Db, tokens: TokenService, token: string): Promise<{ user: AuthUser; familyId: string }> {
  const claims = await tokens.verifyAccess(token);
  const row = await findLiveSession(db, claims.sessionId, claims.id);
  if (!row) throw sessionEnded();
  return { user: { ...claims, role: row.role, ...(row.showMature ? { showMature: true } : {}) }, familyId: row.familyId };
}

/** Checks a personal API key (`atl_…`) against the route it was sent to. */
export type ApiKeyResolver = (request: FastifyRequest, reply: FastifyReply, token: string) => Promise<AuthUser>;
const isApiKey = (token: string) => token.startsWith('atl_');

/**
 * The refusal of a request that sent no credentials. A route that API keys may call (the public
 * API) says what a program must send, since a script has no sign-in to go to.
 */
export const MISSING_API_KEY =
  'Please sign in to continue, or call it with an API key: send "Authorization: Bearer atl_…" (create one under Settings → Developers)';
function missingCredentials(request: FastifyRequest) {
  return apiKeyScopesOf(request.routeOptions.schema).length > 0 ? unauthorized(MISSING_API_KEY) : unauthorized();
}

export function makeAuthHooks(db: Db, tokens: TokenService, apiKeys?: ApiKeyResolver) {
  /** Route hook (moved to onRequest by runAuthFirst): a valid access token, or an API key the route accepts. */
  async function requireAuth(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw missingCredentials(request);
    if (apiKeys && isApiKey(token)) request.auth = await apiKeys(request, reply, token);
    else request.auth = await resolveAuth(db, tokens, token);
  }
  /**
   * requireAuth without its session query, for a route whose one statement checks the session
   * itself (see AuthUser.isSessionUnchecked), so a signed-out token changes nothing there either.
   * An API key is checked in full as usual.
   */
  async function requireSignedToken(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw missingCredentials(request);
    if (apiKeys && isApiKey(token)) request.auth = await apiKeys(request, reply, token);
    else request.auth = { ...(await tokens.verifyAccess(token)), isSessionUnchecked: true };
  }
  /** Route hook (moved to onRequest by runAuthFirst): a token is optional; a bad one is ignored as if absent. An API key is always checked. */
  async function optionalAuth(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = bearerToken(request);
    if (!token) return;
    if (apiKeys && isApiKey(token)) request.auth = await apiKeys(request, reply, token);
    else request.auth = await resolveAuth(db, tokens, token).catch(() => null);
  }
  /** Route hook (moved to onRequest by runAuthFirst): signed in and an admin. */
  async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await requireAuth(request, reply);
    if (request.auth?.role !== 'admin') throw forbidden('Only administrators can do that');
  }
  return { requireAuth, requireSignedToken, optionalAuth, requireAdmin };
}

export type AuthHooks = ReturnType<typeof makeAuthHooks>;

/** The signed-in user of a request that passed `requireAuth`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

type Hook = (...args: never[]) => unknown;
const asList = (hooks: unknown): Hook[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks as Hook]);

/**
 * Routes name their auth hook as a preHandler; this moves it to `onRequest`, the first step of a
 * request, so an anonymous write is a 401 and a non-admin's admin call a 403 before its body is
 * validated or read. Must be registered before the routes.
 */
export function runAuthFirst(app: FastifyInstance, hooks: AuthHooks): void {
  const authHooks = new Set<unknown>(Object.values(hooks));
  app.addHook('onRoute', (route) => {
    const preHandlers = asList(route.preHandler);
    const auth = preHandlers.filter((h) => authHooks.has(h));
    if (auth.length === 0) return;
    route.preHandler = preHandlers.filter((h) => !authHooks.has(h)) as typeof route.preHandler;
    // After what is already there (the per-address rate limit), so unauthenticated hammering is
    // counted too.
    route.onRequest = [...asList(route.onRequest), ...auth] as typeof route.onRequest;
  });
}

/** JSON answered to a signed-in request is that person's: no cache may keep it. */
export function registerPrivateReplies(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.auth !== null || bearerToken(request) !== undefined) {
      const type = String(reply.getHeader('content-type') ?? '');
      if (type.includes('json') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
