import { eq, sql, type SQL } from 'drizzle-orm';
import type { WebhookDelivery, WebhookEventType } from '@atelier/shared';
import { buildStatement, type Db } from '../../platform/db/db.js';
import { usersTable } from '../auth/index.js';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from './developers.schema.js';

/** The rows of a statement run with `execute`, as the driver gives them. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface EndpointRow {
  id: string;
  user_id: string;
  url: string;
  events: string[];
  secret: string;
  enabled: boolean;
  disabled_reason: string | null;
  disabled_at: Date | string | null;
  created_at: Date | string;
}

const ENDPOINT_COLUMNS = sql.raw('id, user_id, url, events, secret, enabled, disabled_reason, disabled_at, created_at');

export async function selectEndpointsOf(db: Db, userId: string): Promise<EndpointRow[]> {
  return rowsOf<EndpointRow>(
    await db.execute(sql`SELECT ${ENDPOINT_COLUMNS} FROM ${webhookEndpoints} WHERE user_id = ${userId} ORDER BY created_at DESC, id`),
  );
}

export async function findOwnEndpoint(db: Db, userId: string, id: string): Promise<EndpointRow | undefined> {
  return rowsOf<EndpointRow>(
    await db.execute(sql`SELECT ${ENDPOINT_COLUMNS} FROM ${webhookEndpoints} WHERE id = ${id} AND user_id = ${userId}`),
  )[0];
}

export async function countEndpointsOf(db: Db, userId: string): Promise<number> {
  const count = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM ${webhookEndpoints} WHERE user_id = ${userId}`));
  return count[0]?.n ?? 0;
}

export async function insertEndpoint(
  db: Db,
  values: { userId: string; url: string; events: string[]; secret: string; createdAt: Date },
): Promise<EndpointRow> {
  const rows = rowsOf<EndpointRow>(
    await db.execute(
      sql`INSERT INTO ${webhookEndpoints} (user_id, url, events, secret, created_at)
        VALUES (${values.userId}, ${values.url}, ${sql.param(values.events)}::text[], ${values.secret}, ${values.createdAt}) RETURNING ${ENDPOINT_COLUMNS}`,
    ),
  );
  return rows[0]!;
}

/** Sets an endpoint's address, events and state; turning it on clears why it was turned off. */
export async function updateEndpointRow(
  db: Db,
  userId: string,
  id: string,
  values: { url: string; events: string[]; enabled: boolean },
): Promise<EndpointRow> {
  const rows = rowsOf<EndpointRow>(
    await db.execute(
      sql`UPDATE ${webhookEndpoints} SET url = ${values.url}, events = ${sql.param(values.events)}::text[], enabled = ${values.enabled},
         disabled_reason = CASE WHEN ${values.enabled} THEN NULL ELSE disabled_reason END,
         disabled_at = CASE WHEN ${values.enabled} THEN NULL ELSE disabled_at END
       WHERE id = ${id} AND user_id = ${userId} RETURNING ${ENDPOINT_COLUMNS}`,
    ),
  );
  return rows[0]!;
}

export async function deleteEndpointRow(db: Db, userId: string, id: string): Promise<void> {
  await db.execute(sql`DELETE FROM ${webhookEndpoints} WHERE id = ${id} AND user_id = ${userId}`);
}

export interface DeliveryRow {
  id: string;
  event_id: string;
  type: WebhookEventType;
  status: WebhookDelivery['status'];
  next_attempt_at: Date | string | null;
  created_at: Date | string;
  attempts:
    | { attempt: number; statusCode: number | null; error: string | null; durationMs: number; createdAt: string }[]
    | null;
}

/** The endpoint's latest 50 deliveries, each with every attempt. */
export async function latestDeliveries(db: Db, endpointId: string): Promise<DeliveryRow[]> {
  return rowsOf<DeliveryRow>(
    await db.execute(
      sql`SELECT d.id, d.event_id, e.type, d.status, d.next_attempt_at, d.created_at,
         (SELECT json_agg(json_build_object('attempt', a.attempt, 'statusCode', a.status_code, 'error', a.error,
                                            'durationMs', a.duration_ms, 'createdAt', a.created_at) ORDER BY a.attempt)
          FROM ${webhookAttempts} a WHERE a.delivery_id = d.id) AS attempts
       FROM ${webhookDeliveries} d JOIN ${webhookEvents} e ON e.id = d.event_id
       WHERE d.endpoint_id = ${endpointId} ORDER BY d.created_at DESC, d.id LIMIT 50`,
    ),
  );
}

/** Puts a delivery of the endpoint back to pending, due at `at`; false when there is none. */
export async function resetDelivery(db: Db, endpointId: string, deliveryId: string, at: Date): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(
      sql`UPDATE ${webhookDeliveries} SET status = 'pending', next_attempt_at = ${at} WHERE id = ${deliveryId} AND endpoint_id = ${endpointId} RETURNING id`,
    ),
  );
  return rows.length > 0;
}


/**
 * Whether `userId` (an SQL expression) has an enabled endpoint listening for `type`, as an SQL
 * boolean: a statement that records a fact for someone can say at once whether an event is
 * worth emitting, without a round trip of its own when nobody listens (the usual case).
 */
export function webhookListening(userId: SQL, type: WebhookEventType): SQL {
  return sql`EXISTS (SELECT 1 FROM webhook_endpoints we
    WHERE we.user_id = ${userId} AND we.enabled AND ${type}::text = ANY(we.events))`;
}

const E = {
  id: sql.placeholder('id'),
  user: sql.placeholder('user'),
  type: sql.placeholder('type'),
  dedupeKey: sql.placeholder('dedupe_key'),
  payload: sql.placeholder('payload'),
  now: sql.placeholder('now'),
};

/** Prepared (a named statement on PostgreSQL): every message sent runs it. */
const recordEventStatement = buildStatement<{ id: string }>(
  'webhook_event_record',
  sql`WITH listening AS (
     SELECT id FROM ${webhookEndpoints} WHERE user_id = ${E.user} AND enabled AND ${E.type} = ANY(events)
   ), ev AS (
     INSERT INTO ${webhookEvents} (id, user_id, type, dedupe_key, payload, created_at)
     SELECT ${E.id}, ${E.user}, ${E.type}, ${E.dedupeKey}, ${E.payload}::jsonb, ${E.now} WHERE EXISTS (SELECT 1 FROM listening)
     ON CONFLICT (user_id, dedupe_key) DO NOTHING RETURNING id
   )
   INSERT INTO ${webhookDeliveries} (endpoint_id, event_id, next_attempt_at, created_at)
   SELECT l.id, ev.id, ${E.now}, ${E.now} FROM listening l CROSS JOIN ev
   ON CONFLICT (endpoint_id, event_id) DO NOTHING RETURNING id`,
);

/**
 * Records an event once, when its owner has an enabled endpoint listening for its type, with one
 * delivery per such endpoint; the deliveries' ids.
 */
export async function recordEvent(
  db: Db,
  event: { id: string; userId: string; type: string; dedupeKey: string; payload: string; now: Date },
): Promise<{ id: string }[]> {
  return recordEventStatement.run(db, {
    id: event.id,
    user: event.userId,
    type: event.type,
    dedupe_key: event.dedupeKey,
    payload: event.payload,
    now: event.now,
  });
}

export interface Target {
  delivery_id: string;
  status: string;
  attempt_count: number;
  endpoint_id: string;
  user_id: string;
  url: string;
  secret: string;
  enabled: boolean;
  event_id: string;
  payload: unknown;
}

/** A delivery with its endpoint and event. */
export async function findTarget(db: Db, deliveryId: string): Promise<Target | undefined> {
  return rowsOf<Target>(
    await db.execute(
      sql`SELECT d.id AS delivery_id, d.status, d.attempt_count, w.id AS endpoint_id, w.user_id, w.url, w.secret, w.enabled, e.id AS event_id, e.payload
       FROM ${webhookDeliveries} d JOIN ${webhookEndpoints} w ON w.id = d.endpoint_id JOIN ${webhookEvents} e ON e.id = d.event_id
       WHERE d.id = ${deliveryId}`,
    ),
  )[0];
}

export async function failDelivery(db: Db, deliveryId: string): Promise<void> {
  await db.execute(sql`UPDATE ${webhookDeliveries} SET status = 'failed', next_attempt_at = NULL WHERE id = ${deliveryId}`);
}

/** Records one attempt and the delivery's state after it. */
export async function recordAttempt(
  db: Db,
  a: { deliveryId: string; attempt: number; statusCode: number | null; error: string | null; durationMs: number; at: Date; status: string; nextAt: Date | null },
): Promise<void> {
  await db.execute(
    sql`WITH attempt AS (
       INSERT INTO ${webhookAttempts} (delivery_id, attempt, status_code, error, duration_ms, created_at)
       VALUES (${a.deliveryId}, ${a.attempt}, ${a.statusCode}, ${a.error}, ${a.durationMs}, ${a.at})
     )
     UPDATE ${webhookDeliveries} SET attempt_count = ${a.attempt}, status = ${a.status}, next_attempt_at = ${a.nextAt} WHERE id = ${a.deliveryId}`,
  );
}

/** Turns an enabled endpoint of a live account off; its address and its owner's contact, or undefined when nothing changed. */
export async function disableEndpointRow(
  db: Db,
  endpointId: string,
  reason: string,
  at: Date,
): Promise<{ url: string; email: string; full_name: string } | undefined> {
  return rowsOf<{ url: string; email: string; full_name: string }>(
    await db.execute(
      sql`UPDATE ${webhookEndpoints} w SET enabled = false, disabled_reason = ${reason}, disabled_at = ${at}
       FROM ${usersTable} u WHERE w.id = ${endpointId} AND w.enabled AND u.id = w.user_id AND u.deleted_at IS NULL
       RETURNING w.url, u.email, u.full_name`,
    ),
  )[0];
}

/** Account deletion: the person's webhook endpoints, events and deliveries are gone. */
export async function deleteUserWebhooks(tx: Db, userId: string): Promise<void> {
  await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
  await tx.delete(webhookEvents).where(eq(webhookEvents.userId, userId));
}
