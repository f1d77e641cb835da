import { z } from 'zod';

/** What a personal API key may do; a route that takes keys names the one scope it needs. */
export const API_KEY_SCOPES = ['generate', 'content:read', 'credits:read', 'collections', 'jobs'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  generate: 'Generate content (spends credits)',
  'content:read': 'Read your content and download its files',
  'credits:read': 'Read your credit balance and history',
  collections: 'Manage your collections',
  jobs: 'Manage your jobs and applications',
};

/** Every key starts with this, so it is recognisable in code and in secret scanners. */
export const API_KEY_PREFIX = 'atl_';
export const API_KEY_NAME_MAX_LENGTH = 80;
export const API_KEYS_PER_ACCOUNT = 25;

export const createApiKeyBody = z
  .object({
    name: z
      .string({ error: 'Please give the key a name' })
      .trim()
      .min(1, 'Please give the key a name')
      .max(API_KEY_NAME_MAX_LENGTH, `The name must be at most ${API_KEY_NAME_MAX_LENGTH} characters`),
    scopes: z
      .array(z.enum(API_KEY_SCOPES, { error: `Scopes are ${API_KEY_SCOPES.join(', ')}` }))
      .min(1, 'Please choose at least one scope')
      .max(API_KEY_SCOPES.length)
      .transform((s) => [...new Set(s)]),
  })
  .strict();
export type CreateApiKeyBody = z.infer<typeof createApiKeyBody>;

export const apiKey = z
  .object({
    id: z.string(),
    name: z.string(),
    /** `atl_` and the key's short id: enough to recognise it, never enough to use it. */
    prefix: z.string(),
    scopes: z.array(z.enum(API_KEY_SCOPES)),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof apiKey>;

/** The reply to creating a key: the only time its secret is shown. */
export const createdApiKey = z.object({ key: apiKey, token: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKey>;

export const adminApiKey = apiKey.extend({ owner: z.object({ id: z.string(), username: z.string() }) });
export type AdminApiKey = z.infer<typeof adminApiKey>;

export const adminApiKeysQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  userId: z.string().uuid().optional(),
  active: z.enum(['true', 'false']).optional(),
});
export type AdminApiKeysQuery = z.infer<typeof adminApiKeysQuery>;

/** What an outgoing webhook can announce. */
export const WEBHOOK_EVENTS = [
  'generation.completed',
  'generation.failed',
  'credits.purchased',
  'application.updated',
  'message.received',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'generation.completed': 'A generation is ready',
  'generation.failed': 'A generation failed (and was refunded)',
  'credits.purchased': 'Credits were granted for a purchase',
  'application.updated': 'A job application changed',
  'message.received': 'You received a message',
};

export const WEBHOOK_ENDPOINTS_PER_ACCOUNT = 10;

const webhookUrl = z
  .string({ error: 'Please enter the URL of your endpoint' })
  .trim()
  .max(2048, 'The URL must be at most 2048 characters')
  .url('Please enter a full URL, such as https://example.com/webhooks')
  .refine((u) => /^https?:\/\//i.test(u), 'The URL must start with http:// or https://');
const webhookEvents = z
  .array(z.enum(WEBHOOK_EVENTS, { error: `Events are ${WEBHOOK_EVENTS.join(', ')}` }))
  .min(1, 'Please choose at least one event')
  .max(WEBHOOK_EVENTS.length)
  .transform((e) => [...new Set(e)]);

export const createWebhookBody = z.object({ url: webhookUrl, events: webhookEvents }).strict();
export type CreateWebhookBody = z.input<typeof createWebhookBody>;

export const updateWebhookBody = z
  .object({ url: webhookUrl.optional(), events: webhookEvents.optional(), enabled: z.boolean().optional() })
  .strict();
export type UpdateWebhookBody = z.input<typeof updateWebhookBody>;

export const webhookEndpoint = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    enabled: z.boolean(),
    /** Why deliveries stopped, when the endpoint kept failing and was switched off. */
    disabledReason: z.string().nullable(),
    disabledAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

/** The reply to registering an endpoint: the only time its signing secret is shown. */
export const createdWebhook = z.object({ endpoint: webhookEndpoint, secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhook>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export const webhookAttempt = z.object({
  attempt: z.number().int(),
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
  createdAt: z.string(),
});
export const webhookDelivery = z
  .object({
    id: z.string(),
    eventId: z.string(),
    eventType: z.enum(WEBHOOK_EVENTS),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.array(webhookAttempt),
    nextAttemptAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof webhookDelivery>;
export const webhookDeliveryParams = z.object({ id: z.string().uuid(), deliveryId: z.string().uuid() });
