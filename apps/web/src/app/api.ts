import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { API_BASE, STORAGE_KEYS } from '@atelier/shared';
import { tokenStore } from './token-store';
import { loggedOut, tokensRefreshed } from '../features/auth/auth-slice';

const rawBaseQuery = fetchBaseQuery({
  baseUrl: API_BASE,
  prepareHeaders: (headers) => {
    const token = tokenStore.access();
    if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
    return headers;
  },
  timeout: 300_000,
});

let refreshing: Promise<boolean> | null = null;

/** One refresh for any number of requests that failed with 401 at the same moment. */
async function refreshTokens(api: Parameters<BaseQueryFn>[1], extra: object): Promise<boolean> {
  const refreshToken = tokenStore.refresh();
  if (!refreshToken) return false;
  refreshing ??= (async () => {
    const res = await rawBaseQuery({ url: '/auth/refresh-token', method: 'POST', body: { refreshToken } }, api, extra);
    const data = (res.data as { data?: { accessToken: string; refreshToken: string } } | undefined)?.data;
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

/**
 * Every call carries the stored bearer token. A 401 logs the spec's line, refreshes the tokens once
 * and retries; when the refresh fails the local session is cleared.
 */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extra) => {
  let result = await rawBaseQuery(args, api, extra as object);
  const url = typeof args === 'string' ? args : args.url;
  if (result.error?.status === 401 && !url.startsWith('/auth/refresh-token') && !url.startsWith('/auth/login')) {
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
    'ApiKeys',
    'Webhooks',
  ],
  endpoints: () => ({}),
});

export { STORAGE_KEYS };
