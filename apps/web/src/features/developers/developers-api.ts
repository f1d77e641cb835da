import {
  developersEndpoints as d,
  type CreateApiKeyBody,
  type CreateWebhookBody,
  type DataOf,
  type ReplyOf,
  type UpdateWebhookBody,
  type developersContracts,
} from '@atelier/shared';
import { api, call } from '../../lib/api';

type C = typeof developersContracts;

/** Settings → Developers: personal API keys and webhook endpoints. */
export const developersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getApiKeys: build.query<DataOf<C['listKeys']>, void>({
      query: () => call(d.listKeys),
      transformResponse: (reply: ReplyOf<C['listKeys']>) => reply.data,
      providesTags: ['ApiKeys'],
    }),
    createApiKey: build.mutation<DataOf<C['createKey']>, CreateApiKeyBody>({
      query: (body) => call(d.createKey, { body }),
      transformResponse: (reply: ReplyOf<C['createKey']>) => reply.data,
      invalidatesTags: ['ApiKeys'],
    }),
    revokeApiKey: build.mutation<DataOf<C['revokeKey']>, string>({
      query: (id) => call(d.revokeKey, { params: { id } }),
      transformResponse: (reply: ReplyOf<C['revokeKey']>) => reply.data,
      invalidatesTags: ['ApiKeys'],
    }),
    getAdminApiKeys: build.query<DataOf<C['adminListKeys']>, string>({
      query: (userId) => call(d.adminListKeys, { query: { userId, pageSize: 100 } }),
      transformResponse: (reply: ReplyOf<C['adminListKeys']>) => reply.data,
      providesTags: ['ApiKeys'],
    }),
    adminRevokeApiKey: build.mutation<DataOf<C['adminRevokeKey']>, string>({
      query: (id) => call(d.adminRevokeKey, { params: { id } }),
      transformResponse: (reply: ReplyOf<C['adminRevokeKey']>) => reply.data,
      invalidatesTags: ['ApiKeys', 'Admin'],
    }),
    getWebhooks: build.query<DataOf<C['listWebhooks']>, void>({
      query: () => call(d.listWebhooks),
      transformResponse: (reply: ReplyOf<C['listWebhooks']>) => reply.data,
      providesTags: ['Webhooks'],
    }),
    createWebhook: build.mutation<DataOf<C['createWebhook']>, CreateWebhookBody>({
      query: (body) => call(d.createWebhook, { body }),
      transformResponse: (reply: ReplyOf<C['createWebhook']>) => reply.data,
      invalidatesTags: ['Webhooks'],
    }),
    updateWebhook: build.mutation<DataOf<C['updateWebhook']>, { id: string; body: UpdateWebhookBody }>({
      query: ({ id, body }) => call(d.updateWebhook, { params: { id }, body }),
      transformResponse: (reply: ReplyOf<C['updateWebhook']>) => reply.data,
      invalidatesTags: ['Webhooks'],
    }),
    deleteWebhook: build.mutation<null, string>({
      query: (id) => call(d.deleteWebhook, { params: { id } }),
      invalidatesTags: ['Webhooks'],
    }),
    getWebhookDeliveries: build.query<DataOf<C['listDeliveries']>, string>({
      query: (id) => call(d.listDeliveries, { params: { id } }),
      transformResponse: (reply: ReplyOf<C['listDeliveries']>) => reply.data,
      providesTags: (_r, _e, id) => [{ type: 'Webhooks', id }],
    }),
    resendWebhookDelivery: build.mutation<null, { endpointId: string; deliveryId: string }>({
      query: ({ endpointId, deliveryId }) => call(d.resendDelivery, { params: { id: endpointId, deliveryId } }),
      invalidatesTags: (_r, _e, { endpointId }) => [{ type: 'Webhooks', id: endpointId }],
    }),
  }),
});

export const {
  useGetApiKeysQuery,
  useCreateApiKeyMutation,
  useRevokeApiKeyMutation,
  useGetAdminApiKeysQuery,
  useAdminRevokeApiKeyMutation,
  useGetWebhooksQuery,
  useCreateWebhookMutation,
  useUpdateWebhookMutation,
  useDeleteWebhookMutation,
  useGetWebhookDeliveriesQuery,
  useResendWebhookDeliveryMutation,
} = developersApi;
