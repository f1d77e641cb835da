import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import {
  API_BASE,
  STORAGE_KEYS,
  authEndpoints,
  pathOf,
  type DataOf,
  type Endpoint,
  type HttpMethod,
  type PathParams,
  type authContracts,
} from '@atelier/shared';
import { tokenStore } from './token-store';
import { takeInitialReply } from './initial-replies';
import { loggedOut, tokensRefreshed } from './session';
import { injectApi } from './store';

const rawBaseQuery = fetchBaseQuery({
  baseUrl: API_BASE,
  prepareHeaders: (headers) => {
    const token = tokenStore.access();
    if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
    return headers;
  },
  timeout: 300_000,
});

interface CallOptions {
  /** Sent as the query string, without the empty values. */
  query?: object;
  body?: unknown;
}

type CallArgs<P extends string> = keyof PathParams<P> extends never
  ? [options?: CallOptions]
  : [options: CallOptions & { params: PathParams<P> }];

/** Query parameters without the empty ones, so "no filter" is never sent as `?q=`. */
export function toParams(args: object): Record<string, string | number | boolean> {
  const params: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(args)) {
    if (value === undefined || value === null || value === '') continue;
    params[key] = value as string | number | boolean;
  }
  return params;
}

/**
 * The request of a call, built from its endpoint in `@atelier/shared`, where the server registers
 * the same route: features never spell a URL or a method themselves.
 */
export function call<P extends string>(at: Endpoint<HttpMethod, P>, ...[options]: CallArgs<P>): FetchArgs {
  const { params, query, body } = (options ?? {}) as CallOptions & { params?: PathParams<P> };
  const request: FetchArgs = { url: pathOf(at, params), method: at.method };
  if (query) request.params = toParams(query);
  if (body !== undefined) request.body = body;
  return request;
}

let refreshing: Promise<boolean> | null = null;

/** One refresh for any number of requests that failed with 401 at the same moment. */
async function refreshTokens(api: Parameters<BaseQueryFn>[1], extra: object): Promise<boolean> {
  const refreshToken = tokenStore.refresh();
  if (!refreshToken) return false;
  refreshing ??= (async () => {
    const res = await rawBaseQuery(call(authEndpoints.refresh, { body: { refreshToken } }), api, extra);
    const data = (res.data as { data?: DataOf<typeof authContracts.refresh> } | undefined)?.data;
    if (data?.accessToken) {
      tokenStore.set(data.accessToken, data.refreshToken);
      api.dispatch(tokensRefreshed());
      return true;
    }
    return false;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Calls whose 401 means wrong credentials, not an expired access token. */
const NO_REFRESH = [authEndpoints.refresh.path, authEndpoints.login.path];

/**
 * Every call carries the stored bearer token. A 401 logs the spec's line, refreshes the tokens once
 * and retries; when the refresh fails the local session is cleared.
 */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extra) => {
  // The first screen's data may have come with the page (initial-replies.ts), for a signed-out GET.
  const request = typeof args === 'string' ? { url: args } : args;
  if ((request.method ?? 'GET') === 'GET' && !tokenStore.access()) {
    const query = request.params ? new URLSearchParams(request.params as Record<string, string>).toString() : '';
    const body = takeInitialReply(query ? `${request.url}?${query}` : request.url);
    if (body !== undefined) return { data: body };
  }
  let result = await rawBaseQuery(args, api, extra as object);
  if (result.error?.status === 401 && !NO_REFRESH.some((path) => request.url.startsWith(path))) {
    console.warn('Unauthorized: Redirecting to login...');
    if (await refreshTokens(api, extra as object)) {
      result = await rawBaseQuery(args, api, extra as object);
    } else if (tokenStore.access() || tokenStore.refresh()) {
      tokenStore.clear();
      api.dispatch(loggedOut());
    }
  }
  return result;
};

/** All server data goes through this one API; features inject their endpoints. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [
    'Me',
    'Sessions',
    'Credits',
    'Content',
    'Comments',
    'Categories',
    'Collections',
    'Users',
    'Plans',
    'Subscription',
    'Jobs',
    'Applications',
    'Dashboard',
    'Admin',
    'Conversations',
    'Notifications',
    'ApiKeys',
    'Webhooks',
  ],
  endpoints: () => ({}),
});

// The store starts without this API; it joins the store when the first module that calls the server loads.
injectApi(api);

export { STORAGE_KEYS };
