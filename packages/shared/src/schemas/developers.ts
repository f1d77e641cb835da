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
