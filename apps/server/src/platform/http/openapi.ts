import type { FastifyInstance, RouteOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_KEY_SCOPES, errorBody, type ApiKeyScope } from '@atelier/shared';
import { RETRY_AFTER_SECONDS, statusText } from './errors.js';

/** The security scheme names of the document. */
export const BEARER_SCHEME = 'bearer';
export const API_KEY_SCHEME = 'apiKey';

export type SecurityRequirement = Record<string, string[]>;

/**
 * The security of a route that also accepts a personal API key holding `scope`. The route's
 * document and its runtime check read this one declaration (see `apiKeyScopesOf`).
 */
export function bearerOrApiKey(scope: ApiKeyScope): SecurityRequirement[] {
  return [{ [BEARER_SCHEME]: [] }, { [API_KEY_SCHEME]: [scope] }];
}

/** The API-key scopes a route declared in its schema's `security`, or none (keys are refused there). */
export function apiKeyScopesOf(schema: unknown): string[] {
  const security = (schema as { security?: unknown } | undefined)?.security;
  if (!Array.isArray(security)) return [];
  return security.flatMap((req: SecurityRequirement) => req?.[API_KEY_SCHEME] ?? []);
}

type AuthKind = 'admin' | 'user' | 'optional' | 'none';

export interface RouteAuthHooks {
  requireAuth: unknown;
  requireSignedToken: unknown;
  requireAdmin: unknown;
  optionalAuth: unknown;
}

function authKindOf(route: RouteOptions, hooks: RouteAuthHooks): AuthKind {
  const attached: unknown[] = [route.onRequest, route.preHandler].flat();
  if (attached.includes(hooks.requireAdmin)) return 'admin';
  if (attached.includes(hooks.requireAuth) || attached.includes(hooks.requireSignedToken)) return 'user';
  if (attached.includes(hooks.optionalAuth)) return 'optional';
  return 'none';
}

const ERROR_TEXT: Record<number, string> = {
  400: 'The request is not valid; `details` lists the fields',
  401: 'Not signed in, or the token or API key is not valid',
  403: 'Not allowed: the account’s role, or an API key without the scope this route needs',
  404: 'Not found',
  429: 'Too many requests; slow down',
  503: 'The database or storage did not answer in time (an outage, a held lock): nothing is wrong with the request; try again after `Retry-After` seconds',
};

/** The header every 503 carries, in the document as in the reply (errors.ts `serviceUnavailable`). */
const RETRY_AFTER_HEADER = {
  'Retry-After': { type: 'integer', minimum: 1, example: RETRY_AFTER_SECONDS, description: 'Seconds to wait before trying again' },
};

/**
 * The zod transform keeps only the description and content of a reply; the 503's Retry-After
 * header is put back here, and @fastify/swagger writes it as the response's `headers`.
 */
export function withRetryAfter(transform: typeof jsonSchemaTransform): typeof jsonSchemaTransform {
  return (input) => {
    const out = transform(input);
    const unavailable = (out.schema as { response?: Record<string, Record<string, unknown>> } | undefined)?.response?.[503];
    // Only the generic 503 (readiness declares its own, without the header).
    if (unavailable && unavailable.description === ERROR_TEXT[503]) unavailable.headers = RETRY_AFTER_HEADER;
    return out;
  };
}

/** One error reply in the envelope of DESIGN.md §4, referenced from `components.schemas.Error`. */
export function errorResponse(status: number, description = ERROR_TEXT[status] ?? statusText(status)) {
  return { description, content: { 'application/json': { schema: errorBody } } };
}

/** Extra error replies a route declares beside the ones every route of its kind gets. */
export function errorResponses(...statuses: number[]): Record<number, ReturnType<typeof errorResponse>> {
  return Object.fromEntries(statuses.map((s) => [s, errorResponse(s)]));
}

/** A success reply that is a file rather than JSON. */
export function fileResponse(mimeType: string, description: string) {
  return { 200: { description, content: { [mimeType]: { schema: z.any().meta({ type: 'string', format: 'binary' }) } } } };
}

/**
 * Completes each API route's document from what the route really does: its auth hook decides its
 * `security` (public, optional or required, with the API-key scope it declared), and its schema and
 * hooks decide the error replies it can give.
 */
export function describeRoute(hooks: RouteAuthHooks) {
  return (route: RouteOptions): void => {
    if (!route.url.startsWith('/api/v1') || !route.schema || route.schema.hide) return;
    const schema = route.schema as Record<string, unknown> & { response?: Record<string, unknown> };
    const kind = authKindOf(route, hooks);
    const scopes = apiKeyScopesOf(schema);
    if (scopes.length > 0 && kind === 'none') throw new Error(`${route.method} ${route.url} accepts an API key but has no auth hook`);
    const keyRequirement: SecurityRequirement[] = scopes.length ? [{ [API_KEY_SCHEME]: scopes }] : [];
    const bearer: SecurityRequirement[] = [{ [BEARER_SCHEME]: [] }, ...keyRequirement];
    schema.security = kind === 'none' ? [] : kind === 'optional' ? [{}, ...bearer] : bearer;

    const statuses = new Set<number>();
    const methods = [route.method].flat();
    if (schema.body || schema.querystring || schema.params || schema.headers || methods.some((m) => ['POST', 'PUT', 'PATCH'].includes(m))) statuses.add(400);
    if (kind === 'admin' || kind === 'user') statuses.add(401).add(403);
    // An optional token that is an API key is still checked: a key this route does not take gets 403.
    if (kind === 'optional') statuses.add(401).add(403);
    if (schema.params || route.url.includes(':')) statuses.add(404);
    if (scopes.length > 0 || (route.config as { rateLimit?: unknown } | undefined)?.rateLimit) statuses.add(429);
    // Every API route reads or writes the database (the session, the rate-limit counters at least),
    // and uploads write storage: when either does not answer in time the reply is 503 with Retry-After.
    statuses.add(503);
    const response = (schema.response ??= {});
    for (const status of statuses) response[status] ??= errorResponse(status);
  };
}

/** The OpenAPI 3.1 document at /api/docs, with shared and recursive schemas under `components`. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Atelier API',
        version: '1.0.0',
        description: [
          'Generate, share and sell AI content with credits.',
          '',
          'Authenticate with `Authorization: Bearer <token>`: either a session access token (`bearer`) or a personal',
          `API key \`atl_…\` (\`apiKey\`), made under Settings → Developers. A key works only on routes that list its`,
          `scope in their security (${API_KEY_SCOPES.map((s) => `\`${s}\``).join(', ')}).`,
          'Errors are `{ statusCode, code, error, message, details? }` (`Error`).',
        ].join('\n'),
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          [BEARER_SCHEME]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A session access token (15 minutes).' },
          [API_KEY_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'atl_ API key',
            description: 'A personal API key; the scopes listed on an operation are the ones a key needs there.',
          },
        },
      },
    },
    transform: withRetryAfter(jsonSchemaTransform),
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
