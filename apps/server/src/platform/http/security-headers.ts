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
 * The headers of an API reply (JSON, redirects, errors), after OWASP's REST security cheat sheet:
 * nothing in it is a document, so its policy forbids everything (no script, no frame, no
 * fetch) and the headers that only mean something to a page (opener policy, DNS prefetch,
 * download and cross-domain policies, the XSS auditor switch) are left out. Transport security,
 * nosniff, the referrer policy and the resource policy stay.
 */
export const API_HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  frameguard: { action: 'deny' },
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

interface SecurityHeaderOptions {
  /** The pages' headers: everything outside `apiPrefix`. */
  document: HelmetOptions;
  /** Replies under this path get the API's set (API_HELMET_OPTIONS). */
  apiPrefix: string;
}

/**
 * Helmet's security headers on every reply, from two precomputed sets, one for the API and one for
 * everything else (pages, the API's documentation, assets): @fastify/helmet builds helmet's
 * middleware (and parses the CSP) again for every request, the largest per-request cost the trivial
 * route had (bench/overhead). The API's set is a fifth of the size of a page's.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  const document = helmetHeaders(options.document);
  const api = helmetHeaders(API_HELMET_OPTIONS);
  const prefix = `${options.apiPrefix}/`;
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    reply.headers(url.startsWith(prefix) || url === options.apiPrefix ? api : document);
    done();
  });
}
