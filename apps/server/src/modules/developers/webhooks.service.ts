import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import {
  WEBHOOK_ENDPOINTS_PER_ACCOUNT,
  type CreatedWebhook,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@atelier/shared';
import type { Database } from '../../platform/db/db.js';
import { badRequest, conflict, notFound } from '../../platform/http/errors.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { Queue, QueueDefinition } from '../../platform/queue/queue.js';
import type { WebhookEmitter } from '../../platform/webhooks.js';
import {
  countEndpointsOf,
  deleteEndpointRow,
  disableEndpointRow,
  failDelivery,
  findOwnEndpoint,
  findTarget,
  insertEndpoint,
  latestDeliveries,
  recordAttempt,
  recordEvent,
  resetDelivery,
  selectEndpointsOf,
  updateEndpointRow,
  type EndpointRow,
  type Target,
} from './webhooks.repository.js';
import { isPrivateAddress, publicOnlyLookup, unsafeAddressReason } from './webhook-address.js';

interface Log {
  error(obj: object, msg?: string): void;
}

export const WEBHOOK_QUEUE = 'webhook-delivery';
export interface WebhookSettings {
  allowPrivate: boolean;
  maxAttempts: number;
  retryBaseSeconds: number;
  /** The whole of one attempt — connecting, sending, the reply's status line — must end within this. */
  timeoutMs: number;
}

export interface WebhooksDeps {
  database: Pick<Database, 'db'>;
  queue: Queue;
  clock: () => Date;
  mailer: Mailer;
  publicUrl: string;
  settings: WebhookSettings;
  log: Log;
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

function toEndpoint(r: EndpointRow): WebhookEndpoint {
  return {
    id: r.id,
    url: r.url,
    events: r.events as WebhookEventType[],
    enabled: r.enabled,
    disabledReason: r.disabled_reason,
    disabledAt: iso(r.disabled_at),
    createdAt: iso(r.created_at)!,
  };
}

/** `whsec_` and 24 random bytes in base64, the Standard Webhooks form. */
const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/** Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the secret's bytes. */
export function signPayload(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

async function assertDeliverable(deps: WebhooksDeps, url: string): Promise<void> {
  if (deps.settings.allowPrivate) return;
  let reason: string | null;
  try {
    reason = await unsafeAddressReason(url);
  } catch {
    throw badRequest('The endpoint’s host name could not be resolved');
  }
  if (reason) throw badRequest(`Webhook endpoints must be public: ${reason}`);
}

export async function listEndpoints(deps: WebhooksDeps, userId: string): Promise<WebhookEndpoint[]> {
  const rows = await selectEndpointsOf(deps.database.db, userId);
  return rows.map(toEndpoint);
}

async function ownEndpoint(deps: WebhooksDeps, userId: string, id: string): Promise<EndpointRow> {
  const row = await findOwnEndpoint(deps.database.db, userId, id);
  if (!row) throw notFound('Webhook endpoint not found');
  return row;
}

export async function createEndpoint(
  deps: WebhooksDeps,
  userId: string,
  body: { url: string; events: string[] },
): Promise<CreatedWebhook> {
  await assertDeliverable(deps, body.url);
  if ((await countEndpointsOf(deps.database.db, userId)) >= WEBHOOK_ENDPOINTS_PER_ACCOUNT) {
    throw conflict(
      `You can have at most ${WEBHOOK_ENDPOINTS_PER_ACCOUNT} webhook endpoints; delete one you no longer use`,
    );
  }
  const secret = newSecret();
  const row = await insertEndpoint(deps.database.db, { userId, url: body.url, events: body.events, secret, createdAt: deps.clock() });
  return { endpoint: toEndpoint(row), secret };
}

export async function updateEndpoint(
  deps: WebhooksDeps,
  userId: string,
  id: string,
  body: { url?: string; events?: string[]; enabled?: boolean },
): Promise<WebhookEndpoint> {
  const current = await ownEndpoint(deps, userId, id);
  if (body.url !== undefined) await assertDeliverable(deps, body.url);
  const enabled = body.enabled ?? current.enabled;
  const row = await updateEndpointRow(deps.database.db, userId, id, {
    url: body.url ?? current.url,
    events: body.events ?? current.events,
    enabled,
  });
  return toEndpoint(row);
}

export async function deleteEndpoint(deps: WebhooksDeps, userId: string, id: string): Promise<void> {
  await ownEndpoint(deps, userId, id);
  await deleteEndpointRow(deps.database.db, userId, id);
}

/** The endpoint's latest deliveries, each with every attempt. */
export async function listDeliveries(
  deps: WebhooksDeps,
  userId: string,
  endpointId: string,
): Promise<WebhookDelivery[]> {
  await ownEndpoint(deps, userId, endpointId);
  const rows = await latestDeliveries(deps.database.db, endpointId);
  return rows.map((r) => ({
    id: r.id,
    eventId: r.event_id,
    eventType: r.type,
    status: r.status,
    attempts: (r.attempts ?? []).map((a) => ({ ...a, createdAt: iso(a.createdAt)! })),
    nextAttemptAt: iso(r.next_attempt_at),
    createdAt: iso(r.created_at)!,
  }));
}

/** Sends a delivery again now, whatever happened to it before; the log keeps every attempt. */
export async function resendDelivery(
  deps: WebhooksDeps,
  userId: string,
  endpointId: string,
  deliveryId: string,
): Promise<void> {
  const endpoint = await ownEndpoint(deps, userId, endpointId);
  if (!endpoint.enabled) throw conflict('This endpoint is turned off; turn it on before resending');
  if (!(await resetDelivery(deps.database.db, endpointId, deliveryId, deps.clock()))) throw notFound('Delivery not found');
  await deps.queue.send(WEBHOOK_QUEUE, { deliveryId, manual: true });
}


/**
 * Records an event once and queues one delivery per enabled endpoint of its owner that listens for
 * it. Called after the fact is committed; a failure here is logged, never passed to the caller.
 */
export function webhookEmitter(deps: Pick<WebhooksDeps, 'database' | 'queue' | 'clock' | 'log'>): WebhookEmitter {
  return {
    async emit(event) {
      try {
        const now = deps.clock();
        const id = `msg_${randomBytes(12).toString('hex')}`;
        const payload = { type: event.type, timestamp: now.toISOString(), data: event.data };
        const rows = await recordEvent(deps.database.db, {
          id,
          userId: event.userId,
          type: event.type,
          dedupeKey: `${event.type}:${event.key}`,
          payload: JSON.stringify(payload),
          now,
        });
        for (const row of rows) await deps.queue.send(WEBHOOK_QUEUE, { deliveryId: row.id });
      } catch (err) {
        deps.log.error({ err, type: event.type }, 'webhook event not recorded');
      }
    },
  };
}

export function webhookQueueDefinition(): QueueDefinition {
  // Retries of failed deliveries are scheduled by the handler; pg-boss retries only a crashed attempt.
  return { name: WEBHOOK_QUEUE, retryLimit: 2, retryDelaySeconds: 30, expireInSeconds: 120 };
}

/**
 * POSTs the body; resolves with the status code as soon as the reply's head arrives (its body is
 * never read), or rejects with what went wrong. One deadline covers the whole attempt, so an
 * endpoint that drips bytes cannot hold a delivery slot longer than `timeoutMs`.
 */
function post(
  url: string,
  headers: Record<string, string>,
  body: string,
  settings: Pick<WebhookSettings, 'allowPrivate' | 'timeoutMs'>,
): Promise<number> {
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  // An address literal is never looked up, so it is checked here; names are checked on connect.
  if (!settings.allowPrivate && net.isIP(host) && isPrivateAddress(host)) {
    return Promise.reject(new Error(`${host} is a loopback, private or link-local address`));
  }
  const client = target.protocol === 'https:' ? https : http;
  const late = () => new Error(`no answer within ${settings.timeoutMs / 1000} s`);
  return new Promise((resolve, reject) => {
    const req = client.request(
      target,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Atelier-Webhooks/1',
          connection: 'close',
        },
        timeout: settings.timeoutMs,
        ...(settings.allowPrivate ? {} : { lookup: publicOnlyLookup }),
      },
      (res) => {
        clearTimeout(deadline);
        resolve(res.statusCode ?? 0);
        res.destroy();
      },
    );
    const deadline = setTimeout(() => req.destroy(late()), settings.timeoutMs);
    req.on('timeout', () => req.destroy(late()));
    req.on('error', (err) => {
      clearTimeout(deadline);
      reject(err);
    });
    req.end(body);
  });
}

/**
 * Delivery slots per owner in one worker: while an owner's deliveries hold their share, that
 * owner's next ones wait a moment in the queue instead of taking a slot, so slow endpoints of one
 * person never hold up another person's deliveries.
 */
export class OwnerSlots {
  private readonly held = new Map<string, number>();
  constructor(private readonly perOwner: number) {}
  take(owner: string): boolean {
    const n = this.held.get(owner) ?? 0;
    if (n >= this.perOwner) return false;
    this.held.set(owner, n + 1);
    return true;
  }
  give(owner: string): void {
    const n = (this.held.get(owner) ?? 1) - 1;
    if (n <= 0) this.held.delete(owner);
    else this.held.set(owner, n);
  }
}

/** How long an owner's delivery waits when the owner's slots are all busy. */
const OWNER_BUSY_WAIT_SECONDS = 1;

/** One attempt of one delivery; schedules the next one, or gives up and turns the endpoint off. */
export async function attemptDelivery(deps: WebhooksDeps, deliveryId: string, slots?: OwnerSlots): Promise<void> {
  const target = await findTarget(deps.database.db, deliveryId);
  if (!target || target.status !== 'pending') return;
  if (!target.enabled) {
    await failDelivery(deps.database.db, deliveryId);
    return;
  }
  if (slots && !slots.take(target.user_id)) {
    await deps.queue.send(WEBHOOK_QUEUE, { deliveryId }, { startAfterSeconds: OWNER_BUSY_WAIT_SECONDS });
    return;
  }
  try {
    await attemptOnce(deps, target);
  } finally {
    slots?.give(target.user_id);
  }
}

async function attemptOnce(deps: WebhooksDeps, target: Target): Promise<void> {
  const deliveryId = target.delivery_id;
  const attempt = target.attempt_count + 1;
  const body = typeof target.payload === 'string' ? target.payload : JSON.stringify(target.payload);
  const started = Date.now();
  const timestamp = Math.floor(deps.clock().getTime() / 1000);
  let statusCode: number | null = null;
  let error: string | null = null;
  try {
    statusCode = await post(
      target.url,
      {
        'webhook-id': target.event_id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signPayload(target.secret, target.event_id, timestamp, body),
      },
      body,
      deps.settings,
    );
    if (statusCode < 200 || statusCode >= 300) error = `The endpoint answered ${statusCode}`;
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
  }
  const now = deps.clock();
  const isDelivered = error === null;
  const isLast = !isDelivered && attempt >= deps.settings.maxAttempts;
  const delaySeconds = deps.settings.retryBaseSeconds * 2 ** (attempt - 1);
  const nextAt = isDelivered || isLast ? null : new Date(now.getTime() + delaySeconds * 1000);
  await recordAttempt(deps.database.db, {
    deliveryId,
    attempt,
    statusCode,
    error,
    durationMs: Date.now() - started,
    at: now,
    status: isDelivered ? 'succeeded' : isLast ? 'failed' : 'pending',
    nextAt,
  });
  if (nextAt) await deps.queue.send(WEBHOOK_QUEUE, { deliveryId }, { startAfterSeconds: delaySeconds });
  if (isLast)
    await disableEndpoint(deps, target.endpoint_id, `Deliveries kept failing for ${attempt} attempts (last: ${error})`);
}

/** Turns a failing endpoint off once and tells its owner by mail; the page shows the reason. */
async function disableEndpoint(deps: WebhooksDeps, endpointId: string, reason: string): Promise<void> {
  const owner = await disableEndpointRow(deps.database.db, endpointId, reason, deps.clock());
  if (!owner) return;
  await deps.mailer
    .send({
      to: owner.email,
      subject: 'Atelier turned off one of your webhook endpoints',
      text: [
        `Hi ${owner.full_name},`,
        '',
        `Atelier stopped sending webhooks to ${owner.url}, because deliveries kept failing.`,
        reason,
        '',
        `Fix the endpoint, then turn it back on in Settings → Developers: ${deps.publicUrl}/settings/developers`,
      ].join('\n'),
    })
    .catch((err: unknown) => deps.log.error({ err, endpointId }, 'webhook disabled mail not sent'));
}

export interface WebhookWorker {
  stop(): Promise<void>;
}

/**
 * Delivers webhooks, `concurrency` at a time in this process; one owner holds at most a quarter
 * of the slots (at least one), so the others always have slots left.
 */
export async function startWebhookWorker(deps: WebhooksDeps, concurrency = 4): Promise<WebhookWorker> {
  await deps.queue.define(webhookQueueDefinition());
  const slots = new OwnerSlots(Math.max(1, Math.floor(concurrency / 4)));
  await deps.queue.work<{ deliveryId: string }>(WEBHOOK_QUEUE, { concurrency }, (job) =>
    attemptDelivery(deps, job.data.deliveryId, slots),
  );
  return { stop: () => deps.queue.offWork(WEBHOOK_QUEUE) };
}
