import { sql } from 'drizzle-orm';
import type { ContentOwner } from '@atelier/shared';
import type { LRUCache } from 'lru-cache';
import { boundedCache } from '../../platform/cache/bounded.js';
import { buildStatement, type BuiltStatement } from '../../platform/db/db.js';
import type { Queue } from '../../platform/queue/queue.js';
import { liveSessionRole } from '../auth/index.js';
import {
  type NewContent,
  ownerJsonSql,
  requestedEachColumns,
  requestedInsertSql,
  requestedShape,
  requestKeyFreeSql,
  requestKeyItemSql,
} from '../content/index.js';
import { chargeInStatement } from '../credits/index.js';
import { GENERATION_QUEUE } from './generation.deps.js';
import { generationBatches } from './generation.schema.js';

export interface AcceptRow {
  /** The balance after the charge; null when nothing was charged. */
  credits: number | null;
  /** The inserted items (`RETURNING *` as JSON), in no particular order. */
  items: Record<string, unknown>[] | null;
  /** One of the jobs queued (null when the queue's table was not there to queue into). */
  job_id: string | null;
  balance_before: number | null;
  replay_of: string | null;
  is_session_live: boolean;
  owner: ContentOwner | null;
}

/** The accept statement's own values; the fragments of other modules take these or name their own. */
const P = {
  user: sql.placeholder('user'),
  session: sql.placeholder('session'),
  requestKey: sql.placeholder('request_key'),
  cost: sql.placeholder('cost'),
  reason: sql.placeholder('reason'),
  reference: sql.placeholder('reference'),
  contentId: sql.placeholder('content_id'),
  ledgerKey: sql.placeholder('ledger_key'),
  each: sql.placeholder('each'),
  batchId: sql.placeholder('batch_id'),
  itemCount: sql.placeholder('item_count'),
  jobExtra: sql.placeholder('job_extra'),
};

export const CHARGE_KIND = 'generation_charge';

export interface AcceptShape {
  isSessionChecked: boolean;
  hasRequestKey: boolean;
  /** Several candidates: a batch row is inserted with them. */
  isBatch: boolean;
  /** The items' shared columns; only which are set and which are NULL matter to the statement's text. */
  item: NewContent;
}

/** Accept statements by shape, per queue (the job's table is the queue's); a handful of shapes exist. */
const acceptStatements = new WeakMap<Queue, LRUCache<string, BuiltStatement<AcceptRow>>>();
const jobInserts = new WeakMap<Queue, ReturnType<Queue['jobInsert']>>();

/**
 * The items' jobs as part of the accept statement: one per row of its `item` CTE, with the id the
 * item names (`job_id`) and the data the worker reads (GenerationJobData).
 */
function jobInsert(queue: Queue): ReturnType<Queue['jobInsert']> {
  let job = jobInserts.get(queue);
  if (!job) {
    job = queue.jobInsert(GENERATION_QUEUE, 'item', {
      id: sql`item.job_id::uuid`,
      data: sql`jsonb_build_object('contentId', item.id) || ${P.jobExtra}::jsonb`,
    });
    jobInserts.set(queue, job);
  }
  return job;
}

/**
 * The accept statement for one shape, built once: building its sixty-part text with drizzle on every
 * request cost more of the process than anything else it did. It runs as a named prepared statement
 * on PostgreSQL, so each connection parses and plans it once rather than on every accept.
 * The items' own values (id, seed, job, key, reference) arrive as one JSON array (`each`), so one
 * statement text serves a single item and a batch of four alike.
 */
export function acceptStatement(queue: Queue, shape: AcceptShape): BuiltStatement<AcceptRow> {
  const key = `${shape.isSessionChecked ? 's' : ''}${shape.hasRequestKey ? 'k' : ''}${shape.isBatch ? 'b' : ''}|${requestedShape(shape.item)}`;
  let byShape = acceptStatements.get(queue);
  if (!byShape) acceptStatements.set(queue, (byShape = boundedCache(100)));
  const found = byShape.get(key);
  if (found) return found;
  const isSessionLive = shape.isSessionChecked ? sql`${liveSessionRole(P.session, P.user)} IS NOT NULL` : sql`true`;
  const debit = chargeInStatement(
    {
      userId: P.user,
      amount: P.cost,
      kind: CHARGE_KIND,
      reason: P.reason,
      reference: P.reference,
      contentId: P.contentId,
      idempotencyKey: P.ledgerKey,
    },
    shape.hasRequestKey ? sql`${isSessionLive} AND ${requestKeyFreeSql(P.user, P.requestKey)}` : isSessionLive,
  );
  const job = jobInsert(queue);
  const batch = shape.isBatch
    ? sql`batch AS (
        INSERT INTO ${generationBatches} (id, user_id, item_count)
        SELECT ${P.batchId}::uuid, ${P.user}::uuid, ${P.itemCount}::int FROM debit RETURNING id
      ),`
    : sql``;
  const statement = buildStatement<AcceptRow>(
    'generation_accept',
    sql`
      WITH ${debit.ctes},
        each AS (SELECT e.* FROM debit CROSS JOIN jsonb_to_recordset(${P.each}::jsonb) AS e(${requestedEachColumns()})),
        ${batch}
        item AS (${requestedInsertSql(shape.item, 'each')}),
        job AS (${job.insert})
      SELECT (SELECT credits FROM debit) AS credits,
        (SELECT json_agg(row_to_json(item)) FROM item) AS items,
        (SELECT min(id::text) FROM job) AS job_id,
        ${debit.balanceBefore} AS balance_before,
        ${shape.hasRequestKey ? requestKeyItemSql(P.user, P.requestKey) : sql`NULL::uuid`} AS replay_of,
        ${ownerJsonSql(P.user)} AS owner,
        ${isSessionLive} AS is_session_live`,
  );
  byShape.set(key, statement);
  return statement;
}
