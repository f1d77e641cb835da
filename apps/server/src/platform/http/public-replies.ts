import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { etagOf, type PublicReadCache } from '../cache/public-reads.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A public read. `etag`: its reply carries a strong ETag and `Cache-Control: … must-revalidate`,
     * and `If-None-Match` answers 304. `cache`: that too, and a visitor's first page is served from
     * the public-read cache (platform/cache/public-reads.ts) without running the handler.
     */
    publicRead?: 'etag' | 'cache';
    /** The write changes what public reads show: the cache is emptied everywhere before it answers. */
    changesPublicReads?: boolean;
  }
  interface FastifyRequest {
    /** Where a visitor's first page goes once serialised, and the cache generation it was read at. */
    publicFill?: { key: string; generation: number };
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

function serveFromCache(cache: PublicReadCache) {
  return function publicReadFromCache(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
    if (request.method !== 'GET' || !isVisitor(request) || !firstPage(request.query)) return done();
    const key = `${request.routeOptions.url ?? ''} ${JSON.stringify(request.params ?? null)} ${JSON.stringify(request.query ?? null)}`;
    const hit = cache.get(key);
    if (!hit) {
      request.publicFill = { key, generation: cache.generation };
      return done();
    }
    request.publicHit = true;
    reply.header('etag', hit.etag).header('cache-control', PUBLIC);
    if (matches(request, hit.etag)) {
      reply.code(304).send();
      return;
    }
    reply.type('application/json; charset=utf-8').send(hit.body);
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
    const etag = fill ? cache.fill(fill.key, payload, fill.generation).etag : etagOf(payload);
    reply.header('etag', etag).header('cache-control', isVisitor(request) ? PUBLIC : PRIVATE);
    if (matches(request, etag)) {
      reply.code(304);
      return done(null, null);
    }
    done(null, payload);
  });
}
