import { randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Registry } from 'prom-client';
import { httpRequestDuration, renderMetrics } from './metrics.js';

export const REQUEST_ID_HEADER = 'x-request-id';
const SAFE_REQUEST_ID = /^[\w.:@-]{1,128}$/;

/**
 * The id of a request. A proxy's x-request-id (a plain token) is kept only behind a trusted proxy
 * (TRUST_PROXY): otherwise it comes from the client, who could pick ids that collide with other
 * people's in the logs, so every request gets a fresh one.
 */
export function requestIdReader(trustCaller: boolean): (req: { headers: http.IncomingHttpHeaders }) => string {
  if (!trustCaller) return () => randomUUID();
  return (req) => {
    const given = req.headers[REQUEST_ID_HEADER];
    return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
  };
}

/** Shared state of the process's life, read by readiness. */
export interface Lifecycle {
  /** Set on SIGTERM: readiness answers 503 so a load balancer stops sending traffic. */
  draining: boolean;
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7).trim() : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Per request: the request id goes back in `x-request-id`, and one histogram observation by route
 * pattern (never the raw URL) and status. `/metrics` is served here only when METRICS_TOKEN is
 * set (Bearer); without it the path is an ordinary 404.
 */
export function registerObservability(app: FastifyInstance, opts: { metrics: Registry; token?: string }): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  app.addHook('onResponse', (request: FastifyRequest, reply, done) => {
    httpRequestDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: reply.statusCode },
      reply.elapsedTime / 1000,
    );
    done();
  });
  const token = opts.token;
  if (!token) return;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ statusCode: 401, code: 'UNAUTHORIZED', error: 'Unauthorized', message: 'A valid metrics token is required' });
    }
    const { contentType, body } = await renderMetrics(opts.metrics);
    return reply.header('cache-control', 'no-store').type(contentType).send(body);
  });
}

/**
 * /metrics on its own port (METRICS_PORT), for a worker process that has no HTTP listener or a
 * network where only the scraper reaches that port. METRICS_TOKEN, when set, is required here too.
 */
export async function startMetricsServer(opts: { port: number; host: string; metrics: Registry; token?: string }): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const url = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' || url !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    if (opts.token && !bearerMatches(req.headers.authorization, opts.token)) {
      res.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
      return;
    }
    renderMetrics(opts.metrics).then(
      ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(body),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  return server;
}
