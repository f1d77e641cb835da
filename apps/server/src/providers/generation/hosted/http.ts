/**
 * HTTP for the hosted vendors, shared by every SDK: each SDK is given `vendorFetch` as its fetch
 * (with its own retries switched off), so retries, Retry-After and error wording are one policy.
 *
 * - A submit (POST) is retried only on 429 and 503: the vendor says it did not take the job, so
 *   sending it again cannot start a second (billed) one. Any other failure of a submit is final.
 * - A read (GET: status, result, download) is retried on 429, 5xx and dropped connections.
 * - Cancels (DELETE, PUT, POST …/cancel) are best effort and never retried.
 * - Waits follow Retry-After when the vendor sends it, else back off 1 s, 2 s, 4 s … (at most
 *   30 s, five tries); a wait that would outlast the generation's deadline is not started.
 * - Every HTTP failure leaves as a ProviderError whose message names the vendor and the cause
 *   (content policy, quota, key, bad input, outage, rate limit); 429 and 5xx are `retryable`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { ProviderError } from '../types.js';

export interface CallScope {
  signal: AbortSignal;
  /** Epoch ms after which the worker gives up on this call. */
  deadline?: number;
}

/** The running provider call, so a fetch made deep inside an SDK knows its deadline. */
export const callScope = new AsyncLocalStorage<CallScope>();

export interface VendorFetchOptions {
  vendor: string;
  fetch?: typeof fetch;
  /** First backoff step when the vendor sends no Retry-After; default 1000 ms. */
  backoffMs?: number;
  maxAttempts?: number;
}

export const REFUSAL = 'refused this request under its content policy';
const POLICY_WORDS = /content[ _-]?polic|nsfw|moderat|safety|unsafe|inappropriate|not allowed by our/i;

export function isPolicyText(text: string): boolean {
  return POLICY_WORDS.test(text);
}

export function refusal(vendor: string, detail?: string): ProviderError {
  return new ProviderError(`${vendor} ${REFUSAL}${detail ? `: ${detail}` : ''}`);
}

/** The human part of an error body: `detail`, `error`, `message`, `title` or the text itself. */
export function errorDetail(body: string): string {
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    for (const key of ['detail', 'error', 'message', 'failure', 'title']) {
      const value = parsed[key];
      if (typeof value === 'string' && value) return value.slice(0, 300);
      if (Array.isArray(value)) {
        const parts = value
          .map((v) => (typeof v === 'string' ? v : typeof v === 'object' && v ? String((v as { msg?: unknown }).msg ?? (v as { type?: unknown }).type ?? '') : ''))
          .filter(Boolean);
        if (parts.length) return parts.join('; ').slice(0, 300);
      }
      if (value && typeof value === 'object' && typeof (value as { message?: unknown }).message === 'string') {
        return String((value as { message: string }).message).slice(0, 300);
      }
    }
    return '';
  } catch {
    return body.slice(0, 200).trim();
  }
}

/** What an HTTP failure means for the person who asked: the clear reason their item failed with. */
export function httpFailure(vendor: string, status: number, body: string): ProviderError {
  const detail = errorDetail(body);
  const suffix = detail ? `: ${detail}` : '';
  if ((status === 400 || status === 422 || status === 403) && isPolicyText(body)) return refusal(vendor, detail);
  if (status === 401 || status === 403) return new ProviderError(`${vendor} rejected the API key (${status})${suffix}`);
  if (status === 402) return new ProviderError(`The ${vendor} account has no credit left for this model (402)${suffix}`);
  if (status === 404) return new ProviderError(`${vendor} does not know this model or job (404)${suffix}`);
  if (status === 400 || status === 422) return new ProviderError(`${vendor} rejected the request as invalid (${status})${suffix}`);
  if (status === 429) return new ProviderError(`${vendor} is rate limiting requests; try again shortly (429)${suffix}`, true);
  if (status >= 500) return new ProviderError(`${vendor} is having trouble (${status})${suffix}`, true);
  return new ProviderError(`${vendor} refused the request (${status})${suffix}`);
}

/** Retry-After in ms (seconds or an HTTP date), if given. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.round(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

function mayRetry(method: string, url: string, status: number | 'network'): boolean {
  if (method === 'GET') return status === 'network' || status === 429 || status >= 500;
  if (method === 'POST' && !/\/cancel\/?$/.test(new URL(url).pathname)) return status === 429 || status === 503;
  return false;
}

const requestUrl = (input: Parameters<typeof fetch>[0]) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/** A fetch for one vendor's SDK: retries what is safe, and turns HTTP failures into ProviderErrors. */
export function vendorFetch(opts: VendorFetchOptions): typeof fetch {
  const base = opts.fetch ?? fetch;
  const backoff = opts.backoffMs ?? 1000;
  const maxAttempts = opts.maxAttempts ?? 5;
  const wrapped = async (input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> => {
    const scope = callScope.getStore();
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const url = requestUrl(input);
    const signal = init?.signal ?? scope?.signal;
    // A body that is a stream could be sent only once; SDK bodies here are strings or forms.
    for (let attempt = 1; ; attempt++) {
      let response: Response | undefined;
      let failure: ProviderError;
      let wait: number | undefined;
      try {
        response = await base(input, init);
      } catch (error) {
        if (signal?.aborted) throw error;
        failure = new ProviderError(`Could not reach ${opts.vendor}: ${error instanceof Error ? error.message : String(error)}`, true);
        if (!mayRetry(method, url, 'network')) throw failure;
      }
      if (response) {
        if (response.ok) return response;
        const text = await response.text().catch(() => '');
        failure = httpFailure(opts.vendor, response.status, text);
        if (!mayRetry(method, url, response.status)) throw failure;
        wait = retryAfterMs(response.headers.get('retry-after'));
      }
      wait ??= Math.min(30_000, backoff * 2 ** (attempt - 1));
      const remaining = scope?.deadline === undefined ? Infinity : scope.deadline - Date.now();
      if (attempt >= maxAttempts || wait >= remaining) throw failure!;
      await sleep(wait, signal ?? new AbortController().signal);
      if (signal?.aborted) throw failure!;
    }
  };
  return wrapped as typeof fetch;
}

/** The ProviderError inside an SDK's own error (they wrap what fetch threw as its `cause`). */
export function providerErrorIn(error: unknown): ProviderError | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 6; depth++) {
    if (current instanceof ProviderError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
