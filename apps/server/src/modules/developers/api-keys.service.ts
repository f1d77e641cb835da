import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  API_KEY_PREFIX,
  API_KEYS_PER_ACCOUNT,
  makePagination,
  type AdminApiKeysQuery,
  type ApiKey,
  type CreateApiKeyBody,
  type CreatedApiKey,
} from '@atelier/shared';
import type { Database } from '../../platform/db/db.js';
import type { AuthUser } from '../../platform/http/auth.js';
import { conflict, forbidden, notFound, tooManyRequests, unauthorized } from '../../platform/http/errors.js';
import { apiKeyScopesOf } from '../../platform/http/openapi.js';
import * as repo from './api-keys.repository.js';
import type { HitCounter } from './hit-counter.js';

export interface ApiKeysDeps {
  database: Pick<Database, 'query' | 'db'>;
  clock: () => Date;
  hits: HitCounter;
  /** Requests one key may make per minute. */
  perMinute: number;
}

const RATE_WINDOW_MS = 60_000;

export const isApiKeyToken = (token: string) => token.startsWith(API_KEY_PREFIX);
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** `atl_<8 hex id>_<32 random characters>`: the first part is shown in lists, the whole only once. */
function newToken(): { token: string; prefix: string } {
  const prefix = `${API_KEY_PREFIX}${randomBytes(4).toString('hex')}`;
  return { token: `${prefix}_${randomBytes(24).toString('base64url')}`, prefix };
}

export async function createKey(deps: ApiKeysDeps, userId: string, body: CreateApiKeyBody): Promise<CreatedApiKey> {
  if ((await repo.countActiveKeys(deps.database, userId)) >= API_KEYS_PER_ACCOUNT) {
    throw conflict(`You can have at most ${API_KEYS_PER_ACCOUNT} active keys; revoke one you no longer use`);
  }
  const { token, prefix } = newToken();
  const key = await repo.insertKey(deps.database, {
    userId,
    name: body.name,
    prefix,
    tokenHash: hashToken(token),
    scopes: body.scopes,
    now: deps.clock(),
  });
  return { key, token };
}

export const listKeys = (deps: ApiKeysDeps, userId: string) => repo.listKeys(deps.database, userId);

export async function revokeKey(deps: ApiKeysDeps, userId: string, id: string): Promise<ApiKey> {
  const key = await repo.revokeOwnKey(deps.database, { id, userId, now: deps.clock() });
  if (!key) throw notFound('API key not found');
  return key;
}

export async function adminListKeys(deps: ApiKeysDeps, query: AdminApiKeysQuery) {
  const active = query.active === undefined ? undefined : query.active === 'true';
  const { rows, total } = await repo.adminListKeys(deps.database, { ...query, active });
  return { data: rows, pagination: makePagination(query.page, query.pageSize, total) };
}

/** Revokes anyone's key; the audit trail records the admin, the owner and the key. */
export async function adminRevokeKey(deps: ApiKeysDeps, actorId: string, id: string): Promise<ApiKey> {
  const now = deps.clock();
  const revokedNow = await repo.adminRevokeKey(deps.database.db, { id, actorId, now });
  const key = await repo.findKey(deps.database, id);
  if (!key) throw notFound('API key not found');
  if (!revokedNow && !key.revokedAt) throw conflict('The key could not be revoked, please try again');
  return key;
}

/**
 * Authenticates a request that carries a personal API key. The route must list a scope the key
 * holds (its `security`, see `bearerOrApiKey`); routes that list none refuse keys outright.
 * A key acts with a member's rights, never an administrator's.
 */
export function makeApiKeyAuthenticator(deps: ApiKeysDeps) {
  return async (request: FastifyRequest, reply: FastifyReply, token: string): Promise<AuthUser> => {
    const needed = apiKeyScopesOf(request.routeOptions.schema);
    if (needed.length === 0) {
      throw forbidden(
        'API keys cannot be used here. Sign in to the website for this, or use a route that accepts keys (see /api/docs)',
      );
    }
    const key = await repo.findLiveKeyByHash(deps.database, hashToken(token));
    if (!key) throw unauthorized('This API key is not valid or has been revoked');
    if (!needed.some((scope) => key.scopes.includes(scope))) {
      throw forbidden(`This API key needs the "${needed.join('" or "')}" scope for this request`);
    }
    const now = deps.clock();
    const { count, resetAt } = await deps.hits.hit(`api-key:${key.id}`, RATE_WINDOW_MS, now);
    reply.header('x-ratelimit-limit', deps.perMinute);
    reply.header('x-ratelimit-remaining', Math.max(0, deps.perMinute - count));
    if (count > deps.perMinute) {
      reply.header('retry-after', Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000)));
      throw tooManyRequests(`This API key made more than ${deps.perMinute} requests this minute, please slow down`);
    }
    await repo.touchKey(deps.database, key.id, now);
    return { id: key.userId, role: 'user', sessionId: '', apiKeyId: key.id };
  };
}

export type ApiKeyAuthenticator = ReturnType<typeof makeApiKeyAuthenticator>;
