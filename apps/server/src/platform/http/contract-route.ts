import type { RouteOptions } from 'fastify';
import { API_BASE, type Contract } from '@atelier/shared';
import { errorResponses, fileResponse, type SecurityRequirement } from './openapi.js';

/** Marks a schema made by `fromContract`, so the app can refuse an API route declared by hand. */
const FROM_CONTRACT = Symbol('fromContract');

/** True for a route schema that `fromContract` made. */
export function isFromContract(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && FROM_CONTRACT in schema;
}

/**
 * An `onRoute` hook that refuses an API route registered by hand: every call is declared once, as
 * a contract in packages/shared, and the web builds its requests from the same declaration.
 */
export function requireContract(route: Pick<RouteOptions, 'method' | 'url' | 'schema'>): void {
  if (!route.url.startsWith(`${API_BASE}/`) || isFromContract(route.schema)) return;
  const method = [route.method].flat().join(',');
  throw new Error(`${method} ${route.url} is not registered from a contract in packages/shared (use fromContract)`);
}

/** What only the server adds to a contract's document: which credentials the route takes. */
export interface RouteExtras {
  security?: SecurityRequirement[];
  hide?: boolean;
}

type Defined<T> = Exclude<T, undefined>;
type Present<C, K extends keyof C, As extends string> = undefined extends C[K] ? { [P in As]?: Defined<C[K]> } : { [P in As]: C[K] };

/** The Fastify schema of a contract: zod schemas in, so the type provider types the handler. */
export type SchemaOf<C extends Contract> = { tags: string[]; summary: string; response: C['reply'] } & Present<C, 'params', 'params'> &
  Present<C, 'query', 'querystring'> &
  Present<C, 'body', 'body'> &
  RouteExtras;

/**
 * The method, URL and schema of a route, all from its contract in packages/shared: a module adds
 * only its auth hook, its limits and its handler, so a call is declared once for server and web.
 * `app.route({ ...fromContract(c), preHandler, handler })`.
 */
export function fromContract<const C extends Contract>(c: C, extras: RouteExtras = {}) {
  const schema: Record<string, unknown> = { tags: [...c.tags], summary: c.summary, ...extras };
  if (c.description) schema.description = c.description;
  if (c.consumes) schema.consumes = [...c.consumes];
  if (c.params) schema.params = c.params;
  if (c.query) schema.querystring = c.query;
  if (c.body) schema.body = c.body;
  // A copy: the document fills in each route's error replies, which must not leak into the shared contract.
  schema.response = c.file ? fileResponse(c.file.mimeType, c.file.description) : { ...c.reply, ...errorResponses(...(c.errors ?? [])) };
  Object.defineProperty(schema, FROM_CONTRACT, { value: c });
  return { method: c.method, url: c.path, schema: schema as SchemaOf<C> };
}
