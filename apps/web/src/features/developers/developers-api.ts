import type { ApiKey, CreateApiKeyBody, CreatedApiKey } from '@atelier/shared';
import { api } from '../../app/api';

interface Envelope<T> {
  data: T;
  message?: string;
}

/** Settings → Developers: personal API keys. */
export const developersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getApiKeys: build.query<ApiKey[], void>({
      query: () => '/developers/keys',
      transformResponse: (reply: Envelope<ApiKey[]>) => reply.data,
      providesTags: ['ApiKeys'],
    }),
    createApiKey: build.mutation<CreatedApiKey, CreateApiKeyBody>({
      query: (body) => ({ url: '/developers/keys', method: 'POST', body }),
      transformResponse: (reply: Envelope<CreatedApiKey>) => reply.data,
      invalidatesTags: ['ApiKeys'],
    }),
    revokeApiKey: build.mutation<ApiKey, string>({
      query: (id) => ({ url: `/developers/keys/${id}`, method: 'DELETE' }),
      transformResponse: (reply: Envelope<ApiKey>) => reply.data,
      invalidatesTags: ['ApiKeys'],
    }),
  }),
});

export const { useGetApiKeysQuery, useCreateApiKeyMutation, useRevokeApiKeyMutation } = developersApi;
