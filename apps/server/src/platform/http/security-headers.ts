import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

type HeaderValue = string | number | string[];

/**
 * The headers helmet would set, computed once. Every header helmet writes for our options is the
 * same on every reply (the CSP allows inline scripts by hash, not by per-request nonce), so running
 * its middleware once at start gives the whole set.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, HeaderValue> {
  const headers: Record<string, HeaderValue> = {};
  const res = {
    setHeader(name: string, value: HeaderValue) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown = null;
  helmet(options)({} as never, res as never, (err?: unknown) => {
    failure = err ?? null;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * Helmet's security headers on every reply, from one precomputed set: @fastify/helmet builds
 * helmet's middleware (and parses the CSP) again for every request, the largest per-request cost
 * the trivial route had (bench/overhead).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
