import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { parseProviderChoice, parseProviderRoutes, PROVIDER_KEYS, providersInUse } from './providers/generation/registry.js';
import { parseGenerationCosts } from './providers/generation/costs.js';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

/**
 * Whose X-Forwarded-For the server believes, for the client address that rate limits key on.
 * Off by default (the socket's address); a hop count ("1": one proxy in front) or a
 * comma-separated list of proxy addresses and CIDR ranges.
 */
export type TrustProxy = false | number | string[];

function isAddressOrRange(entry: string): boolean {
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  const family = net.isIP(address);
  if (!family) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n >= 0 && n <= (family === 4 ? 32 : 128);
}

const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): TrustProxy => {
    const value = v?.trim() ?? '';
    if (value === '' || value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((e) => e.trim()).filter(Boolean);
    const bad = entries.filter((e) => !isAddressOrRange(e));
    if (bad.length > 0) {
      ctx.addIssue({ code: 'custom', message: `expected a hop count or addresses/CIDR ranges, got ${bad.join(', ')}` });
      return false;
    }
    return entries;
  });

/** Every environment variable the server reads. README.md and .env.example list the same. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString,
  // PostgreSQL's bounded waits (0 turns one off): a pooled connection, a statement, a lock, an idle transaction.
  DB_POOL_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  DB_LOCK_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  // How long a starting process waits for another one's migrations before it gives up.
  MIGRATION_LOCK_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(300_000),
  // Defaults to http://localhost:<PORT>.
  PUBLIC_URL: z.string().url().optional(),
  CORS_ORIGINS: optionalString,
  JWT_SECRET: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('Atelier <no-reply@atelier.local>'),
  SUPPORT_EMAIL: optionalString,
  ADMIN_EMAIL: optionalString,
  ADMIN_PASSWORD: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  FACEBOOK_APP_ID: optionalString,
  FACEBOOK_APP_SECRET: optionalString,
  FACEBOOK_GRAPH_URL: z.string().url().default('https://graph.facebook.com'),
  ANALYTICS_ID: optionalString,
  SITE_VERIFICATION: optionalString,
  RATE_LIMIT_DISABLED: bool,
  TRUST_PROXY: trustProxy,
  // Rate-limit counters in Redis instead of the database.
  REDIS_URL: optionalString,
  // Media bytes: `local` (DATA_DIR/media) or `s3` (a bucket; every process sees the same files).
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: optionalString,
  S3_REGION: z.string().default('us-east-1'),
  // An S3-compatible store (MinIO, R2, …); AWS when unset.
  S3_ENDPOINT: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: bool,
  // A public base (CDN or public bucket) serving `<S3_PUBLIC_URL>/<key>`; unset: /media/ redirects to presigned URLs.
  S3_PUBLIC_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  S3_PRESIGN_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
  // Prometheus: /metrics on the API port needs this as a Bearer token (unset: no /metrics there).
  METRICS_TOKEN: optionalString,
  // Prometheus: /metrics on its own port too (any role, the worker included).
  METRICS_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(65535).optional()),
  // On SIGTERM, readiness answers 503 for this long before the listener closes.
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  // Requests one personal API key may make per minute, counted across every process.
  API_KEY_RATE_LIMIT: z.coerce.number().int().min(1).default(300),
  // Outgoing webhooks: endpoints on loopback, private or link-local addresses are refused unless this is set.
  WEBHOOKS_ALLOW_PRIVATE: bool,
  // Attempts per delivery, the first retry after WEBHOOK_RETRY_BASE_SECONDS, doubling each time (about a day in all).
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(12),
  WEBHOOK_RETRY_BASE_SECONDS: z.coerce.number().int().min(1).default(40),
  // One webhook attempt, from connecting to the reply's status line, must end within this.
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  // Demo gallery on a fresh, empty database; unset means on, except under NODE_ENV=test.
  SEED_DEMO: z.enum(['true', 'false', '1', '0', 'yes', 'no', '']).optional(),
  SIGNUP_CREDITS: z.coerce.number().int().min(0).default(50),
  REFERRAL_BONUS_CREDITS: z.coerce.number().int().min(0).default(20),
  // A provider name, then optional per-model exceptions: "replicate,pika-labs=local".
  GENERATION_PROVIDER: z
    .string()
    .default('local')
    .superRefine((v, ctx) => {
      try {
        parseProviderChoice(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
    }),
  GENERATION_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(300_000),
  GENERATION_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  // A running item beats every quarter of this; one silent this long (its worker killed) is handed back.
  GENERATION_STALE_AFTER_MS: z.coerce.number().int().min(2000).max(3_600_000).default(30_000),
  PROMPT_BLOCKLIST: z.string().default('csam,child sexual abuse,child porn,bestiality,beheading,snuff'),
  // Per-model routes that win over GENERATION_PROVIDER: "runway-gen3=runway,flux-*=fal,loops/*=luma".
  GENERATION_ROUTES: z
    .string()
    .default('')
    .superRefine((v, ctx) => {
      try {
        parseProviderRoutes(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
    }),
  // What the operator pays a vendor per generation, in USD: "runway-gen3=0.50,flux-*=0.04".
  GENERATION_COSTS: z
    .string()
    .default('')
    .superRefine((v, ctx) => {
      try {
        parseGenerationCosts(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
    }),
  // Vendors call /api/v1/generation/webhooks/<vendor> on PUBLIC_URL when a job ends; polling stays the fallback.
  GENERATION_WEBHOOKS: bool,
  REPLICATE_API_TOKEN: optionalString,
  REPLICATE_API_URL: z.string().url().default('https://api.replicate.com'),
  // Signing secret of Replicate webhooks (whsec_…); unset, it is read once from Replicate's API.
  REPLICATE_WEBHOOK_SECRET: optionalString,
  RUNWAYML_API_SECRET: optionalString,
  RUNWAY_API_URL: z.string().url().default('https://api.dev.runwayml.com'),
  LUMAAI_API_KEY: optionalString,
  LUMA_API_URL: z.string().url().default('https://api.lumalabs.ai/dream-machine/v1'),
  FAL_KEY: optionalString,
  // fal's queue (https://queue.fal.run); the key set its webhook signatures are checked against.
  FAL_API_URL: z.string().url().default('https://queue.fal.run'),
  FAL_JWKS_URL: z.string().url().default('https://rest.alpha.fal.ai/.well-known/jwks.json'),
  // Payments: Stripe replaces the local checkout when the secret key is set.
  STRIPE_SECRET_KEY: optionalString,
  // Verifies the Stripe-Signature of webhooks (whsec_…); without it every webhook is refused.
  STRIPE_WEBHOOK_SECRET: optionalString,
  // Handed to the web app for Stripe.js (pk_…).
  STRIPE_PUBLISHABLE_KEY: optionalString,
  // Another base URL for the Stripe API (a local stand-in in tests); default https://api.stripe.com.
  STRIPE_API_URL: z.string().url().optional(),
}).superRefine((e, ctx) => {
  if (e.STORAGE_DRIVER === 's3' && !e.S3_BUCKET) {
    ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'required when STORAGE_DRIVER is s3' });
  }
  if (e.GENERATION_WEBHOOKS && !e.PUBLIC_URL) {
    ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'required when GENERATION_WEBHOOKS is on: the address vendors can reach' });
  }
  let inUse: Set<string>;
  try {
    inUse = providersInUse({ ...parseProviderChoice(e.GENERATION_PROVIDER), routes: parseProviderRoutes(e.GENERATION_ROUTES) });
  } catch {
    return; // reported on the variable itself
  }
  // A vendor that a route or the fallback names must have its key: refused at start, not per item.
  for (const [provider, key] of Object.entries(PROVIDER_KEYS)) {
    if (inUse.has(provider) && !e[key as keyof typeof e]) {
      ctx.addIssue({ code: 'custom', path: [key], message: `required when GENERATION_PROVIDER or GENERATION_ROUTES uses ${provider}` });
    }
  }
});

export type Env = z.infer<typeof envSchema>;

/** The name of every variable the server reads (deployment files are checked against it). */
export const ENV_KEYS: readonly string[] = Object.keys(envSchema.shape);

export interface Config extends Omit<Env, 'PUBLIC_URL'> {
  PUBLIC_URL: string;
  dataDir: string;
  dbKind: 'pglite' | 'postgres';
}

/** The database's bounded waits from the configuration. */
export function databaseTimeouts(config: Config) {
  return {
    acquireMs: config.DB_POOL_ACQUIRE_TIMEOUT_MS,
    statementMs: config.DB_STATEMENT_TIMEOUT_MS,
    lockMs: config.DB_LOCK_TIMEOUT_MS,
    idleInTransactionMs: config.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    ...e,
    PUBLIC_URL: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    dataDir: path.resolve(e.DATA_DIR),
    dbKind: e.DATABASE_URL ? 'postgres' : 'pglite',
  };
}
