import path from 'node:path';
import { z } from 'zod';
import { parseProviderChoice } from './providers/generation/registry.js';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

/** Every environment variable the server reads. README.md and .env.example list the same. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString,
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
  // Requests one personal API key may make per minute, counted across every process.
  API_KEY_RATE_LIMIT: z.coerce.number().int().min(1).default(300),
  // Outgoing webhooks: endpoints on loopback, private or link-local addresses are refused unless this is set.
  WEBHOOKS_ALLOW_PRIVATE: bool,
  // Attempts per delivery, the first retry after WEBHOOK_RETRY_BASE_SECONDS, doubling each time (about a day in all).
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(12),
  WEBHOOK_RETRY_BASE_SECONDS: z.coerce.number().int().min(1).default(40),
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
  PROMPT_BLOCKLIST: z.string().default('csam,child sexual abuse,child porn,bestiality,beheading,snuff'),
  REPLICATE_API_TOKEN: optionalString,
  REPLICATE_API_URL: z.string().url().default('https://api.replicate.com'),
  // Payments: Stripe replaces the local checkout when the secret key is set.
  STRIPE_SECRET_KEY: optionalString,
  // Verifies the Stripe-Signature of webhooks (whsec_…); without it every webhook is refused.
  STRIPE_WEBHOOK_SECRET: optionalString,
  // Handed to the web app for Stripe.js (pk_…).
  STRIPE_PUBLISHABLE_KEY: optionalString,
  // Another base URL for the Stripe API (a local stand-in in tests); default https://api.stripe.com.
  STRIPE_API_URL: z.string().url().optional(),
}).superRefine((e, ctx) => {
  if (!e.REPLICATE_API_TOKEN && /replicate/i.test(e.GENERATION_PROVIDER)) {
    ctx.addIssue({ code: 'custom', path: ['REPLICATE_API_TOKEN'], message: 'required when GENERATION_PROVIDER uses replicate' });
  }
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'PUBLIC_URL'> {
  PUBLIC_URL: string;
  dataDir: string;
  dbKind: 'pglite' | 'postgres';
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
