import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import multipart from '@fastify/multipart';
import compress from '@fastify/compress';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_BASE, LIMITS } from '@atelier/shared';
import { makeAuthHooks, registerPrivateReplies, runAuthFirst } from './platform/http/auth.js';
import { openCounterStore, routeLimitStore } from './platform/http/counter-store.js';
import { authRoutes, makeAccountLimits } from './modules/auth/index.js';
import { notFoundReply, registerErrorHandling } from './platform/http/error-handler.js';
import { loadWebApp, registerWebApp } from './platform/http/web-app.js';
import { tooManyRequests } from './platform/http/errors.js';
import { registerTextRule } from './platform/http/request-text.js';
import { AfterReply } from './platform/http/after-reply.js';
import { describeRoute, registerOpenApi } from './platform/http/openapi.js';
import { requireContract } from './platform/http/contract-route.js';
import { replySerializerCompiler } from './platform/http/reply-serializer.js';
import { registerSecurityHeaders } from './platform/http/security-headers.js';
import { registerPublicReplies } from './platform/http/public-replies.js';
import { PublicReadCache } from './platform/cache/public-reads.js';
import { openSharedReads } from './platform/cache/shared-reads.js';
import type { RequestLine } from './platform/log.js';
import type { App, AppDeps, AppModule, ModuleContext } from './platform/http/types.js';
import type { Config } from './config.js';
import { healthRoutes } from './modules/health/index.js';
import { metaRoutes } from './modules/meta/index.js';
import { contactRoutes } from './modules/contact/index.js';
import { jobsRoutes } from './modules/jobs/index.js';
import { applicationsDepsFrom, applicationsPort, applicationsRoutes } from './modules/applications/index.js';
import { billingRoutes, creditsBillingRoutes, liveSubscriptionsOfPlan } from './modules/billing/index.js';
import { plansRoutes } from './modules/plans/index.js';
import { contentMedia, contentRoutes, galleryCountInCategory, ownerContentTotals } from './modules/content/index.js';
import { categoriesRoutes } from './modules/categories/index.js';
import { GENERATION_QUEUE, generationRoutes, generationWebhookRoutes, pendingItemsByModel } from './modules/generation/index.js';
import { messagingRoutes } from './modules/messaging/index.js';
import { moderationRoutes } from './modules/moderation/index.js';
import { notificationsRoutes } from './modules/notifications/index.js';
import { usersRoutes } from './modules/users/index.js';
import { collectionsRoutes, countCollections } from './modules/collections/index.js';
import { dashboardsRoutes } from './modules/dashboards/index.js';
import { adminRoutes } from './modules/admin/index.js';
import { cachedPageHeads, registerSitemap } from './modules/pages/index.js';
import { avatarMedia, registerMediaRoutes } from './platform/storage/media-routes.js';
import { registerObservability, requestIdReader } from './platform/observability/http.js';
import { scrapeRegistry } from './platform/observability/metrics.js';
import { apiKeysDeps, developersRoutes, makeApiKeyAuthenticator } from './modules/developers/index.js';
import { moduleHooks } from './modules/hooks.js';

/** The whole API in one screen: every module, in the order it is registered. */
const MODULES: [name: string, module: AppModule][] = [
  ['health', healthRoutes],
  ['meta', metaRoutes],
  ['auth', authRoutes],
  ['contact', contactRoutes],
  ['jobs', jobsRoutes((app, ctx) => applicationsPort(applicationsDepsFrom(ctx, app.log)))],
  ['applications', applicationsRoutes],
  ['credits-billing', creditsBillingRoutes],
  ['plans', plansRoutes(liveSubscriptionsOfPlan)],
  ['billing', billingRoutes],
  ['content', contentRoutes],
  ['categories', categoriesRoutes(galleryCountInCategory)],
  ['generation', generationRoutes],
  ['generation-webhooks', generationWebhookRoutes],
  ['messaging', messagingRoutes],
  ['moderation', moderationRoutes],
  ['notifications', notificationsRoutes],
  ['users', usersRoutes({ content: ownerContentTotals, collections: countCollections })],
  ['collections', collectionsRoutes],
  ['dashboards', dashboardsRoutes],
  ['admin', adminRoutes],
  ['developers', developersRoutes],
];

export interface BuildAppOptions {
  loggerInstance?: FastifyBaseLogger;
  /**
   * Writes the line of each completed request instead of the request's own logger, without pino's
   * pass or redaction (platform/log.ts requestLineWriter), since that line's fields are fixed.
   */
  requestLog?: RequestLine;
  /** Directory of the built web app; served with an SPA fallback when present. */
  webDir?: string | null;
}

export function defaultWebDir(): string | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of ['../../web/dist', '../../../../apps/web/dist', '../../../apps/web/dist']) {
    const dir = path.resolve(here, candidate);
    if (fs.existsSync(path.join(dir, 'index.html'))) return dir;
  }
  return null;
}

export { withHeadTags } from './platform/http/web-app.js';

/** TRUST_PROXY as Fastify takes it: a hop count trusts that many proxies nearest the server. */
export function fastifyTrustProxy(
  setting: Config['TRUST_PROXY'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

/** Scrape-time gauges of one app's database and queue (the METRICS_PORT server uses the same). */
export function appMetrics(deps: Pick<AppDeps, 'database' | 'queue'>) {
  const { database, queue } = deps;
  return scrapeRegistry({
    queueDepth: () => queue.waiting(GENERATION_QUEUE),
    pendingItems: () => pendingItemsByModel(database.db),
    ...(database.poolStats ? { pool: database.poolStats } : {}),
  });
}

/**
 * One log line per request instead of Fastify's two: "incoming request" is dropped, and the line
 * written when the request completes carries the request (method, URL, address) as well.
 */
class CompletedRequestsOnly extends LogController {
  constructor(private readonly requestLog?: RequestLine) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error)
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else if (this.requestLog) {
      // The fields Fastify's request and reply serialisers write, and the request's id.
      this.requestLog({
        reqId: request.id,
        req: {
          method: request.method,
          url: request.url,
          version: request.headers['accept-version'] as string | undefined,
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        },
        res: { statusCode: reply.statusCode },
        responseTime: reply.elapsedTime,
      });
    } else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

type LogArgs = Parameters<FastifyBaseLogger['info']>;

/**
 * Fastify gives every request a child logger bound to its id. pino's child() is a new logger (its
 * bindings serialised and redacted) for every request, though most requests never write to it: the
 * line of a completed request has its own logger (CompletedRequestsOnly). This one makes the child
 * on the request's first use of it.
 */
class LazyChildLogger {
  private made: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Record<string, unknown>,
    private readonly options: Parameters<FastifyBaseLogger['child']>[1],
  ) {}

  private get real(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }
  get level(): string {
    return this.real.level;
  }
  set level(level: string) {
    this.real.level = level;
  }
  fatal(...args: LogArgs) {
    this.real.fatal(...args);
  }
  error(...args: LogArgs) {
    this.real.error(...args);
  }
  warn(...args: LogArgs) {
    this.real.warn(...args);
  }
  info(...args: LogArgs) {
    this.real.info(...args);
  }
  debug(...args: LogArgs) {
    this.real.debug(...args);
  }
  trace(...args: LogArgs) {
    this.real.trace(...args);
  }
  silent(...args: LogArgs) {
    this.real.silent(...args);
  }
  child(...args: Parameters<FastifyBaseLogger['child']>): FastifyBaseLogger {
    return this.real.child(...args);
  }
}

const lazyChildLogger = (
  logger: FastifyBaseLogger,
  bindings: Record<string, unknown>,
  options: Parameters<FastifyBaseLogger['child']>[1],
): FastifyBaseLogger => new LazyChildLogger(logger, bindings, options) as unknown as FastifyBaseLogger;

export async function buildApp(deps: AppDeps, opts: BuildAppOptions = {}): Promise<App> {
  const app = Fastify({
    ...(opts.loggerInstance ? { loggerInstance: opts.loggerInstance } : { logger: false }),
    bodyLimit: 1024 * 1024,
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (off by default), so a
    // client cannot pick the address its rate limits are counted under.
    trustProxy: fastifyTrustProxy(deps.config.TRUST_PROXY),
    // x-request-id from a trusted proxy is kept (when it is a plain token), else a fresh one; it is
    // returned and logged as `reqId`, the same key the generation worker and socket logs use.
    requestIdHeader: false,
    genReqId: requestIdReader(Boolean(deps.config.TRUST_PROXY)),
    requestTimeout: LIMITS.httpTimeoutMs,
    // One log line per request, written when it completes, instead of Fastify's two.
    logController: new CompletedRequestsOnly(opts.requestLog),
    childLoggerFactory: lazyChildLogger,
    ajv: { customOptions: { removeAdditional: 'all' } },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Replies go out through JSON Schema compiled once per route; outside production each is also
  // checked against its zod schema, so tests and development catch a handler that drifts.
  app.setSerializerCompiler(replySerializerCompiler({ validate: deps.config.NODE_ENV !== 'production' }));
  app.decorateRequest('auth', null);
  const afterReply = new AfterReply();
  app.decorate('afterReply', afterReply);
  app.addHook('onClose', () => afterReply.idle());
  registerErrorHandling(app);
  registerTextRule(app);

  const webDir = opts.webDir === undefined ? defaultWebDir() : opts.webDir;
  const web = webDir ? loadWebApp(webDir, deps.config) : null;
  const lifecycle = (deps.lifecycle ??= { draining: false });
  registerObservability(app, { metrics: appMetrics(deps), token: deps.config.METRICS_TOKEN });

  registerSecurityHeaders(app, {
    apiPrefix: API_BASE,
    document: {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // Inline scripts only by hash: the theme set before paint and the configured analytics tag.
          scriptSrc: [
            "'self'",
            ...(web?.scriptHashes ?? []),
            'https://www.googletagmanager.com',
            'https://accounts.google.com',
            'https://connect.facebook.net',
            'https://js.stripe.com',
          ],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          mediaSrc: ["'self'", 'blob:', 'https:'],
          connectSrc: ["'self'", 'ws:', 'wss:', 'https://www.google-analytics.com', 'https://api.stripe.com'],
          frameSrc: ["'self'", 'https://accounts.google.com', 'https://js.stripe.com', 'https://www.facebook.com'],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    },
  });
  // Other sites may call the API only when CORS_ORIGINS names them; without it there is no CORS
  // step at all (the web app is served from the API's own origin).
  const origins = deps.config.CORS_ORIGINS?.split(',').map((o) => o.trim());
  if (origins) await app.register(cors, { origin: origins, credentials: true });
  // Counters shared by every process and kept across restarts: the database, or Redis.
  const counters = deps.counters ?? openCounterStore(deps.config, deps.database, deps.clock, app.log);
  if (!deps.counters) app.addHook('onClose', () => counters.close());
  await app.register(rateLimit, {
    global: false,
    store: routeLimitStore(counters),
    errorResponseBuilder: () => tooManyRequests(),
  });
  await app.register(multipart, { limits: { fileSize: LIMITS.referenceImageMaxBytes, files: 1 } });

  await registerOpenApi(app);

  const apiKeys = makeApiKeyAuthenticator(apiKeysDeps({ ...deps, counters }));
  const authHooks = makeAuthHooks(deps.database.db, deps.tokens, apiKeys);
  app.addHook('onRoute', requireContract);
  app.addHook('onRoute', describeRoute(authHooks));
  runAuthFirst(app, authHooks);
  // The public-read cache: in process, emptied on every process through the database's NOTIFY;
  // with REDIS_URL on PostgreSQL, a second level shared by the processes behind it.
  const ownCache = !deps.publicReads;
  const publicReads = (deps.publicReads ??= new PublicReadCache({
    database: deps.database,
    log: app.log,
    ...(deps.config.REDIS_URL && deps.config.DATABASE_URL ? { shared: openSharedReads(deps.config.REDIS_URL, deps.config.DATABASE_URL) } : {}),
  }));
  if (ownCache) {
    await publicReads.start();
    app.addHook('onClose', () => publicReads.close());
  }
  registerPublicReplies(app, publicReads);
  registerPrivateReplies(app);
  const ctx: ModuleContext = {
    ...deps,
    lifecycle,
    auth: authHooks,
    counters,
    accountLimits: makeAccountLimits(deps.config.RATE_LIMIT_DISABLED ? null : counters),
    hooks: moduleHooks(deps),
  };
  // Compressed (brotli, else gzip): the API's JSON and the pages. Media keeps its own headers.
  await app.register(async (site) => {
    await site.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
    await site.register(
      async (api) => {
        for (const [, mod] of MODULES) await mod(api as App, ctx);
      },
      { prefix: API_BASE },
    );
    if (web) {
      // The pages module reads each page's head (kept in the public-read cache); platform serves the app around it.
      await registerWebApp(site, web, {
        publicUrl: deps.config.PUBLIC_URL,
        resolvePage: cachedPageHeads({ db: deps.database.db, storage: deps.storage }, publicReads),
      });
      await registerSitemap(site, { db: deps.database.db, publicUrl: deps.config.PUBLIC_URL });
    } else {
      site.setNotFoundHandler((request, reply) =>
        reply.status(404).send(notFoundReply(request.method, request.url.split('?')[0] ?? '/')),
      );
    }
  });

  await registerMediaRoutes(app, deps.storage, [avatarMedia, contentMedia(deps.database.db)]);

  return app;
}
