import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { etagOf, type CachedReply, type FillTicket, type PublicReadCache } from '../cache/public-reads.js';
import type { AuthUser } from './auth.js';

/**
 * How a signed-in reader's reply is made from the visitor's cached one: the body with this
 * viewer's personal fields merged in (isLiked, isFollowing), or null when this viewer's page holds
 * other rows than the visitor's (their own items, mature content, blocks, an admin), and the route's
 * handler must run. It may read the database (one small query); it must not change `cached`.
 */
export type ViewerMerge = (viewer: AuthUser, cached: CachedReply, request: FastifyRequest) => Promise<string | null>;

/** A reply without personal fields whose rows are the same for every reader (the config). */
export const sameForEveryone: ViewerMerge = (_viewer, cached) => Promise.resolve(cached.body);
/** The same for every reader but admins, who see more (inactive categories). */
export const sameUnlessAdmin: ViewerMerge = (viewer, cached) => Promise.resolve(viewer.role === 'admin' ? null : cached.body);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A public read. `etag`: its reply carries a strong ETag and `Cache-Control: … must-revalidate`,
     * and `If-None-Match` answers 304. `cache`: that too, and a visitor's first page is served from
     * the public-read cache (platform/cache/public-reads.ts) without running the handler.
     */
    publicRead?: 'etag' | 'cache';
    /**
     * With `publicRead: 'cache'`: a signed-in reader's first page is served from the visitor's
     * cached one through this merge, when it says the rows are the same.
     */
    forViewer?: ViewerMerge;
    /** The write changes what public reads show: the cache is emptied everywhere before it answers. */
    changesPublicReads?: boolean;
  }
  interface FastifyRequest {
    /** Where a visitor's first page goes once serialised, and the cache generations it was read at. */
    publicFill?: { key: string; ticket: FillTicket };
    /** The reply came from the cache; its headers are set. */
    publicHit?: boolean;
  }
}

const PUBLIC = 'public, max-age=0, must-revalidate';
const PRIVATE = 'private, max-age=0, must-revalidate';

/** Nobody signed in, no token or key sent: the reply is the one every visitor gets. */
const isVisitor = (request: FastifyRequest) =>
  request.auth === null && request.headers.authorization === undefined && request.headers['x-api-key'] === undefined;

/** Only first pages are kept: a page number of 1 (or none) and no cursor. */
function firstPage(query: unknown): boolean {
  if (!query || typeof query !== 'object') return true;
  const q = query as { page?: unknown; cursor?: unknown };
  return (q.page === undefined || q.page === 1 || q.page === '1') && (q.cursor === undefined || q.cursor === '');
}

/** `If-None-Match` names this ETag (a list, or `*`). */
function matches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header === etag || header.trim() === '*' || header.split(',').some((t) => t.trim() === etag);
}

/**
 * A person signed in with a session whose row was read on this request (so their role and
 * showMature are current); API keys and unchecked tokens are left to the handler.
 */
function sessionReader(request: FastifyRequest): AuthUser | null {
  const auth = request.auth;
  return auth && auth.apiKeyId === undefined && auth.isSessionUnchecked === undefined && request.headers['x-api-key'] === undefined ? auth : null;
}

/** Sends a cached or merged reply, or 304 when the client holds these bytes already. */
function sendKept(request: FastifyRequest, reply: FastifyReply, body: string, etag: string, cacheControl: string): void {
  request.publicHit = true;
  reply.header('etag', etag).header('cache-control', cacheControl);
  if (matches(request, etag)) {
    reply.code(304).send();
    return;
  }
  reply.type('application/json; charset=utf-8').send(body);
}

function serveFromCache(cache: PublicReadCache) {
  /** A signed-in reader: the visitor's page with their own fields merged, when it is theirs too. */
  function forReader(request: FastifyRequest, reply: FastifyReply, kept: CachedReply, merge: ViewerMerge, viewer: AuthUser | null, done: () => void): void {
    if (!viewer) {
      // The same reply for everyone, on a route that reads no sign-in at all (the config).
      cache.stats.merged += 1;
      return sendKept(request, reply, kept.body, kept.etag, PRIVATE);
    }
    merge(viewer, kept, request).then(
      (body) => {
        if (body === null) return done();
        cache.stats.merged += 1;
        sendKept(request, reply, body, body === kept.body ? kept.etag : etagOf(body), PRIVATE);
      },
      (err: unknown) => {
        request.log.warn({ err }, 'a signed-in read could not be merged from the public cache; reading it in full');
        done();
      },
    );
  }

  return function publicReadFromCache(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
    if (request.method !== 'GET' || !firstPage(request.query)) return done();
    const key = `${request.routeOptions.url ?? ''} ${JSON.stringify(request.params ?? null)} ${JSON.stringify(request.query ?? null)}`;
    const visitor = isVisitor(request);
    // A signed-in reader's miss runs the handler and fills nothing (its reply holds their fields).
    const merge = request.routeOptions.config.forViewer;
    const viewer = visitor ? null : sessionReader(request);
    if (!visitor && (!merge || (!viewer && merge !== sameForEveryone))) return done();
    const hit = visitor ? cache.get(key) : cache.peek(key);
    if (hit) {
      if (visitor) return sendKept(request, reply, hit.body, hit.etag, PUBLIC);
      return forReader(request, reply, hit, merge!, viewer, done);
    }
    if (!cache.hasShared) {
      if (visitor) request.publicFill = { key, ticket: { generation: cache.generation, shared: null } };
      return done();
    }
    // This process missed: another may have kept it in the shared level.
    void cache.lookup(key).then(({ hit: shared, ticket }) => {
      if (!shared) {
        if (visitor) request.publicFill = { key, ticket };
        return done();
      }
      if (visitor) return sendKept(request, reply, shared.body, shared.etag, PUBLIC);
      forReader(request, reply, shared, merge!, viewer, done);
    });
  };
}

/**
 * Conditional requests and the public-read cache for the routes that ask for them (route
 * `config.publicRead`), and the cache's emptying after the writes that say they change public reads
 * (`config.changesPublicReads`). Must be registered before the routes, and before compression so
 * ETags are made from the JSON itself.
 */
export function registerPublicReplies(app: FastifyInstance, cache: PublicReadCache): void {
  const fromCache = serveFromCache(cache);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.config?.publicRead !== 'cache') return;
    const existing = route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
    route.preHandler = [fromCache, ...existing] as RouteOptions['preHandler'];
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const config = request.routeOptions.config;
    if (config.changesPublicReads && reply.statusCode < 400) {
      cache.changed().then(
        () => done(null, payload),
        () => done(null, payload),
      );
      return;
    }
    if (!config.publicRead || request.publicHit || request.method !== 'GET') return done(null, payload);
    if (reply.statusCode !== 200 || typeof payload !== 'string') return done(null, payload);
    const fill = request.publicFill;
    const etag = fill ? cache.fill(fill.key, payload, fill.ticket).etag : etagOf(payload);
    reply.header('etag', etag).header('cache-control', isVisitor(request) ? PUBLIC : PRIVATE);
    if (matches(request, etag)) {
      reply.code(304);
      return done(null, null);
    }
    done(null, payload);
  });
}
