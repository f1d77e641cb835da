import { API_BASE, generationContracts, generationEndpoints, pathOf } from '@atelier/shared';
import { fromContract } from '../../platform/http/contract-route.js';
import { AppError, badRequest, notFound } from '../../platform/http/errors.js';
import type { AppDeps, AppModule } from '../../platform/http/types.js';
import { createFalVerifier, verifyReplicate } from '../../providers/generation/hosted/webhook-signatures.js';
import { wakeJob } from '../../providers/generation/hosted/wakeups.js';
import { recordWebhookDelivery } from './generation.repository.js';

export const GENERATION_WEBHOOK_VENDORS = ['replicate', 'fal'] as const;
type WebhookVendor = (typeof GENERATION_WEBHOOK_VENDORS)[number];

/** The wake-up names the providers follow their jobs under (../../providers/generation/hosted/wakeups.ts). */
export const WAKE_NAMES: Record<WebhookVendor, string> = { replicate: 'replicate', fal: 'fal.ai' };

export const WEBHOOK_TEXT = {
  off: 'Generation webhooks are not enabled on this server',
  unknownVendor: 'No such generation webhook',
  badSignature: 'The webhook signature does not match this payload',
  badBody: 'The webhook body is not a job of this vendor',
} as const;

/** Where a vendor sends its webhook for this deployment. */
export function generationWebhookUrl(publicUrl: string, vendor: WebhookVendor): string {
  return `${publicUrl.replace(/\/+$/, '')}${API_BASE}${pathOf(generationEndpoints.webhook, { vendor })}`;
}

/**
 * POST /generation/webhooks/replicate and /generation/webhooks/fal, on only with
 * GENERATION_WEBHOOKS. The signature is checked over the raw bytes; a delivery is recorded once by
 * its id, and only a new one wakes the worker following the job, which then reads the job's state
 * from the vendor's API (the body itself is never trusted for the result). A replay changes nothing.
 */
export const generationWebhookRoutes: AppModule = async (app, ctx) => {
  const config = ctx.config;
  let replicateSecret: Promise<string> | undefined;
  const readReplicateSecret = () => {
    if (config.REPLICATE_WEBHOOK_SECRET) return Promise.resolve(config.REPLICATE_WEBHOOK_SECRET);
    replicateSecret ??= fetch(`${config.REPLICATE_API_URL.replace(/\/+$/, '')}/v1/webhooks/default/secret`, {
      headers: { Authorization: `Bearer ${config.REPLICATE_API_TOKEN ?? ''}` },
      signal: AbortSignal.timeout(10_000),
    })
      .then(async (r) => {
        const body = (await r.json().catch(() => ({}))) as { key?: unknown };
        if (!r.ok || typeof body.key !== 'string') throw new Error(`Replicate's webhook secret could not be read (${r.status})`);
        return body.key;
      })
      .catch((err: unknown) => {
        replicateSecret = undefined;
        throw err;
      });
    return replicateSecret;
  };
  const verifyFal = createFalVerifier({ jwksUrl: config.FAL_JWKS_URL });

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.route({
      ...fromContract(generationContracts.webhook),
      handler: async (request) => {
        if (!config.GENERATION_WEBHOOKS) throw notFound(WEBHOOK_TEXT.off);
        const vendor = (request.params as { vendor: string }).vendor;
        if (!(GENERATION_WEBHOOK_VENDORS as readonly string[]).includes(vendor)) throw notFound(WEBHOOK_TEXT.unknownVendor);
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const header = (name: string) => {
          const value = request.headers[name];
          return typeof value === 'string' ? value : undefined;
        };
        let deliveryId: string;
        let jobId: unknown;
        if (vendor === 'replicate') {
          let secret: string;
          try {
            secret = await readReplicateSecret();
          } catch (err) {
            request.log.error({ err }, 'replicate webhook secret unavailable');
            throw new AppError(503, 'The webhook cannot be verified right now');
          }
          const delivery = { id: header('webhook-id'), timestamp: header('webhook-timestamp'), signature: header('webhook-signature'), body };
          if (!verifyReplicate(secret, delivery)) throw badRequest(WEBHOOK_TEXT.badSignature);
          deliveryId = delivery.id as string;
          jobId = parseJson(body)?.id;
        } else {
          const delivery = {
            requestId: header('x-fal-webhook-request-id'),
            userId: header('x-fal-webhook-user-id'),
            timestamp: header('x-fal-webhook-timestamp'),
            signature: header('x-fal-webhook-signature'),
            body,
          };
          let ok: boolean;
          try {
            ok = await verifyFal(delivery);
          } catch (err) {
            request.log.error({ err }, 'fal webhook key set unavailable');
            throw new AppError(503, 'The webhook cannot be verified right now');
          }
          if (!ok) throw badRequest(WEBHOOK_TEXT.badSignature);
          // fal signs each delivery with its own timestamp; a replay repeats both.
          deliveryId = `${delivery.requestId as string}@${delivery.timestamp as string}`;
          jobId = parseJson(body)?.request_id ?? delivery.requestId;
        }
        if (typeof jobId !== 'string' || !jobId) throw badRequest(WEBHOOK_TEXT.badBody);
        const isNew = await recordDelivery(ctx, vendor as WebhookVendor, deliveryId, jobId);
        if (isNew) wakeJob(WAKE_NAMES[vendor as WebhookVendor], jobId);
        return { data: { received: true as const, duplicate: !isNew } };
      },
    });
  });
};

function parseJson(body: Buffer): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(body.toString('utf8')) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

async function recordDelivery(ctx: AppDeps, vendor: WebhookVendor, deliveryId: string, jobId: string): Promise<boolean> {
  return recordWebhookDelivery(ctx.database.db, vendor, deliveryId.slice(0, 300), jobId.slice(0, 300));
}
