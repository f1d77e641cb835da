import type {
  AdminApiKey,
  ApiKey,
  CreateApiKeyBody,
  CreatedApiKey,
  CreatedWebhook,
  CreateWebhookBody,
  UpdateWebhookBody,
  WebhookDelivery,
  WebhookEndpoint,
} from '@atelier/shared';
import { api } from '../../app/api';

interface Envelope<T> {
  data: T;
  message?: string;
}

/** Settings → Developers: personal API keys and webhook endpoints. */
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
    getAdminApiKeys: build.query<AdminApiKey[], string>({
      query: (userId) => `/admin/api-keys?userId=${encodeURIComponent(userId)}&pageSize=100`,
      transformResponse: (reply: Envelope<AdminApiKey[]>) => reply.data,
      providesTags: ['ApiKeys'],
    }),
    adminRevokeApiKey: build.mutation<ApiKey, string>({
      query: (id) => ({ url: `/admin/api-keys/${id}`, method: 'DELETE' }),
      transformResponse: (reply: Envelope<ApiKey>) => reply.data,
      invalidatesTags: ['ApiKeys', 'Admin'],
    }),
    getWebhooks: build.query<WebhookEndpoint[], void>({
      query: () => '/developers/webhooks',
      transformResponse: (reply: Envelope<WebhookEndpoint[]>) => reply.data,
      providesTags: ['Webhooks'],
    }),
    createWebhook: build.mutation<CreatedWebhook, CreateWebhookBody>({
      query: (body) => ({ url: '/developers/webhooks', method: 'POST', body }),
      transformResponse: (reply: Envelope<CreatedWebhook>) => reply.data,
      invalidatesTags: ['Webhooks'],
    }),
    updateWebhook: build.mutation<WebhookEndpoint, { id: string; body: UpdateWebhookBody }>({
      query: ({ id, body }) => ({ url: `/developers/webhooks/${id}`, method: 'PATCH', body }),
      transformResponse: (reply: Envelope<WebhookEndpoint>) => reply.data,
      invalidatesTags: ['Webhooks'],
    }),
    deleteWebhook: build.mutation<null, string>({
      query: (id) => ({ url: `/developers/webhooks/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Webhooks'],
    }),
    getWebhookDeliveries: build.query<WebhookDelivery[], string>({
      query: (id) => `/developers/webhooks/${id}/deliveries`,
      transformResponse: (reply: Envelope<WebhookDelivery[]>) => reply.data,
      providesTags: (_r, _e, id) => [{ type: 'Webhooks', id }],
    }),
    resendWebhookDelivery: build.mutation<null, { endpointId: string; deliveryId: string }>({
      query: ({ endpointId, deliveryId }) => ({ url: `/developers/webhooks/${endpointId}/deliveries/${deliveryId}/resend`, method: 'POST' }),
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
