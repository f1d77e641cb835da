import { vi } from 'vitest';

/** One request the page made, as a test reads it back. */
export interface RecordedCall {
  method: string;
  /** The path under /api/v1, decoded. */
  path: string;
  search: URLSearchParams;
  headers: Headers;
  /** Parsed JSON, FormData for multipart, the text otherwise (undefined when empty). */
  body: unknown;
  authorization: string | null;
}

export type Handler = (call: RecordedCall) => Response | Promise<Response>;

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The API's error envelope; without a message the page falls back to its own text. */
export function errorResponse(status: number, message?: string): Response {
  const error = status === 401 ? 'Unauthorized' : status === 404 ? 'Not Found' : 'Bad Request';
  return jsonResponse(status, {
    statusCode: status,
    code: error.toUpperCase().replace(' ', '_'),
    error,
    ...(message ? { message } : {}),
  });
}

async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('multipart/form-data')) return request.formData();
  const text = await request.text();
  if (!text) return undefined;
  return type.includes('application/json') ? (JSON.parse(text) as unknown) : text;
}

/**
 * Stands in for the server: routes are "METHOD /path" under /api/v1. Every call is recorded; a call
 * with no route answers 404 naming it, so an unexpected request shows up as a failure, not a hang
 * (and a page's optional requests, like /config, simply find nothing).
 */
export function mockServer(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  // Node's Request refuses relative URLs; the browser resolves them against the page.
  const NodeRequest = globalThis.Request;
  class PageRequest extends NodeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' && input.startsWith('/') ? new URL(input, location.origin) : input, init);
    }
  }
  vi.stubGlobal('Request', PageRequest);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof NodeRequest ? input : new PageRequest(input, init);
      const url = new URL(request.url);
      const path = decodeURIComponent(url.pathname).replace(/^\/api\/v1/, '');
      const call: RecordedCall = {
        method: request.method,
        path,
        search: url.searchParams,
        headers: request.headers,
        body: await readBody(request),
        authorization: request.headers.get('authorization'),
      };
      calls.push(call);
      const handler = routes[`${request.method} ${path}`];
      if (!handler) return errorResponse(404, `No mock for ${request.method} ${path}`);
      return handler(call);
    }),
  );
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

/**
 * A list served by cursor, as the server pages the gallery: the first page answers a request
 * without a cursor, each later one the `nextCursor` of the page before it; the last page's
 * `nextCursor` is null. A page number past the first, or a cursor it never handed out, is a 400,
 * so a test fails if the page asks by number. `extra` adds fields to every reply (a category).
 */
export function cursorPages<T>(pages: T[][], extra: Record<string, unknown> = {}): Handler {
  const cursorOf = (index: number) => `cursor-${index}`;
  return (call) => {
    const cursor = call.search.get('cursor');
    const page = call.search.get('page');
    if (page !== null && page !== '1') return errorResponse(400, 'Ask by cursor');
    const index = cursor === null ? 0 : pages.findIndex((_p, i) => i > 0 && cursorOf(i) === cursor);
    if (index < 0) return errorResponse(400, 'That cursor is not valid');
    const data = pages[index]!;
    const pageSize = Number(call.search.get('pageSize') ?? 24);
    const total = pages.reduce((n, p) => n + p.length, 0);
    return jsonResponse(200, {
      data,
      ...extra,
      pagination: { page: index + 1, pageSize, total, totalPages: pages.length },
      nextCursor: index + 1 < pages.length ? cursorOf(index + 1) : null,
    });
  };
}
