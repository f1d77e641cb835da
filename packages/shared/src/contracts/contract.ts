import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Where a call goes: its method and its path under `API_BASE`, with `:name` for path parameters.
 * Endpoints are plain strings, so the web app builds every URL from them without bundling the
 * schemas that the server validates with.
 */
export interface Endpoint<M extends HttpMethod = HttpMethod, P extends string = string> {
  readonly method: M;
  readonly path: P;
}

export function endpoint<const M extends HttpMethod, const P extends string>(method: M, path: P): Endpoint<M, P> {
  return { method, path };
}

/** What a call takes and answers, beside its endpoint: the one declaration both sides read. */
export interface ContractSchemas {
  /** For the OpenAPI document; the server adds the auth scheme. */
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  /** Content types other than JSON that the body may come as (multipart uploads). */
  readonly consumes?: readonly string[];
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  /** Absent for multipart uploads, which the route reads part by part. */
  readonly body?: z.ZodType;
  readonly reply: Readonly<Record<number, z.ZodType>>;
  /** Error statuses the call may answer beside the ones every route of its kind gets (402, 409, 413...). */
  readonly errors?: readonly number[];
  /** Set when the reply is a file rather than JSON. */
  readonly file?: { readonly mimeType: string; readonly description: string };
}

export type Contract<E extends Endpoint = Endpoint, S extends ContractSchemas = ContractSchemas> = E & S;

/** Joins an endpoint to its schemas; the result is what the server registers. */
export function contract<const E extends Endpoint, const S extends ContractSchemas>(at: E, schemas: S): Contract<E, S> {
  return { ...at, ...schemas };
}

/** `{ id: string }` for `/jobs/:id`; `{}` for a path without parameters. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, never>;

/** The path of a call with its parameters filled in and encoded. */
export function pathOf<P extends string>(at: Endpoint<HttpMethod, P>, params?: PathParams<P>): string {
  const values = (params ?? {}) as Record<string, string>;
  return at.path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${at.method} ${at.path}: missing path parameter "${name}"`);
    return encodeURIComponent(value);
  });
}

/** The successful reply's body of a contract (its lowest 2xx status). */
export type ReplyOf<C extends Pick<ContractSchemas, 'reply'>> = z.output<C['reply'][keyof C['reply'] & SuccessStatus]>;
/** The `data` inside that reply. */
export type DataOf<C extends Pick<ContractSchemas, 'reply'>> = ReplyOf<C> extends { data: infer D } ? D : never;
/** What a call's query string takes (before defaults). */
export type QueryOf<C extends Pick<ContractSchemas, 'query'>> = C['query'] extends z.ZodType ? z.input<C['query']> : never;
/** What a call's body takes (before defaults). */
export type BodyOf<C extends Pick<ContractSchemas, 'body'>> = C['body'] extends z.ZodType ? z.input<C['body']> : never;

type SuccessStatus = 200 | 201 | 202 | 204;
