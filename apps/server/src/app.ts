import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_BASE, LIMITS } from '@atelier/shared';
import { makeAuthHooks } from './platform/http/auth.js';
import { notFoundReply, registerErrorHandling } from './platform/http/error-handler.js';
import { tooManyRequests } from './platform/http/errors.js';
import { describeRoute, registerOpenApi } from './platform/http/openapi.js';
import type { App, AppDeps, AppModule, ModuleContext } from './platform/http/types.js';
import type { Config } from './config.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { metaRoutes } from './modules/meta/meta.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { contactRoutes } from './modules/contact/contact.routes.js';
import { jobsRoutes } from './modules/jobs/jobs.routes.js';
import { applicationsRoutes } from './modules/applications/applications.routes.js';
import { creditsRoutes } from './modules/credits/credits.routes.js';
import { creditsBillingRoutes } from './modules/billing/credits-billing.routes.js';
import { billingRoutes } from './modules/billing/billing.routes.js';
import { plansRoutes } from './modules/plans/plans.routes.js';
import { contentRoutes } from './modules/content/content.routes.js';
import { categoriesRoutes } from './modules/categories/categories.routes.js';
import { generationRoutes } from './modules/generation/generation.routes.js';
import { messagingRoutes } from './modules/messaging/messaging.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { collectionsRoutes } from './modules/collections/collections.routes.js';
import { dashboardsRoutes } from './modules/dashboards/dashboards.routes.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { apiKeysDeps, developersRoutes, makeApiKeyAuthenticator } from './modules/developers/index.js';
import { registerMediaRoutes } from './platform/storage/media-routes.js';

/** The whole API in one screen: every module, in the order it is registered. */
const MODULES: [name: string, module: AppModule][] = [
  ['health', healthRoutes],
  ['meta', metaRoutes],
  ['auth', authRoutes],
  ['contact', contactRoutes],
  ['jobs', jobsRoutes],
  ['applications', applicationsRoutes],
  ['credits', creditsRoutes],
  ['credits-billing', creditsBillingRoutes],
  ['plans', plansRoutes],
  ['billing', billingRoutes],
  ['content', contentRoutes],
  ['categories', categoriesRoutes],
  ['generation', generationRoutes],
  ['messaging', messagingRoutes],
  ['users', usersRoutes],
  ['collections', collectionsRoutes],
  ['dashboards', dashboardsRoutes],
  ['admin', adminRoutes],
  ['developers', developersRoutes],
];

export interface BuildAppOptions {
  loggerInstance?: FastifyBaseLogger;
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

const escapeAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The analytics tag and the site-verification meta come from configuration, in the served HTML. */
export function withHeadTags(html: string, config: Pick<Config, 'ANALYTICS_ID' | 'SITE_VERIFICATION'>): string {
  const tags: string[] = [];
  if (config.SITE_VERIFICATION) {
    tags.push(`<meta name="google-site-verification" content="${escapeAttr(config.SITE_VERIFICATION)}" />`);
  }
  if (config.ANALYTICS_ID) {
    const id = escapeAttr(config.ANALYTICS_ID);
    tags.push(
      `<script async src="https://www.googletagmanager.com/gtag/js?id=${id}"></script>`,
      `<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag('js',new Date());gtag('config','${id}');</script>`,
    );
  }
  return tags.length ? html.replace('</head>', `${tags.join('\n')}\n</head>`) : html;
}

export async function buildApp(deps: AppDeps, opts: BuildAppOptions = {}): Promise<App> {
  const app = Fastify({
    ...(opts.loggerInstance ? { loggerInstance: opts.loggerInstance } : { logger: false }),
    bodyLimit: 1024 * 1024,
    trustProxy: true,
    requestTimeout: LIMITS.httpTimeoutMs,
    ajv: { customOptions: { removeAdditional: 'all' } },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  registerErrorHandling(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'unsafe-inline'", 'https://www.googletagmanager.com', 'https://accounts.google.com', 'https://connect.facebook.net', 'https://js.stripe.com'],
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
  });
  const origins = deps.config.CORS_ORIGINS?.split(',').map((o) => o.trim());
  await app.register(cors, { origin: origins ?? false, credentials: true });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => tooManyRequests(),
  });
  await app.register(multipart, { limits: { fileSize: LIMITS.referenceImageMaxBytes, files: 1 } });

  await registerOpenApi(app);

  const apiKeys = makeApiKeyAuthenticator(apiKeysDeps(deps));
  const ctx: ModuleContext = { ...deps, auth: makeAuthHooks(deps.database.db, deps.tokens, apiKeys) };
  app.addHook('onRoute', describeRoute(ctx.auth));
  await app.register(
    async (api) => {
      for (const [, mod] of MODULES) await mod(api as App, ctx);
    },
    { prefix: API_BASE },
  );

  await registerMediaRoutes(app, deps.storage);

  const webDir = opts.webDir === undefined ? defaultWebDir() : opts.webDir;
  const indexHtml = webDir ? withHeadTags(fs.readFileSync(path.join(webDir, 'index.html'), 'utf8'), deps.config) : null;
  if (webDir) await app.register(fastifyStatic, { root: webDir, wildcard: false, index: false, maxAge: '1h' });
  // Client-side routes get the app shell; API, media and asset paths keep the JSON 404.
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isPage = request.method === 'GET' && !/^\/(api|media|socket\.io)\//.test(url) && !/\.[a-z0-9]+$/i.test(url);
    if (indexHtml && isPage) return reply.header('cache-control', 'no-cache').type('text/html').send(indexHtml);
    return reply.status(404).send(notFoundReply(request.method, url));
  });

  return app;
}
