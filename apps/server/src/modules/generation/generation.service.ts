import { randomInt, randomUUID } from 'node:crypto';
import {
  CONTENT_TYPE_NAMES,
  LIMITS,
  MODELS_BY_TYPE,
  SEED_MAX,
  defaultContentName,
  editCost,
  findModel,
  modelCost,
  type Content,
  type ContentOwner,
  type ContentType,
  type EditOperation,
} from '@atelier/shared';
import { sql } from 'drizzle-orm';
import { buildStatement, type BuiltStatement } from '../../platform/db/db.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import type { Queue } from '../../platform/queue/queue.js';
import { sessionEnded } from '../../platform/http/auth.js';
import { liveSessionRole, uniqueViolation } from '../auth/index.js';
import {
  contentKeyPrefix,
  findByRequestKey,
  findOwnReady,
  loadContentView,
  type NewContent,
  ownerJsonSql,
  recordEnqueued,
  requestedInsertSql,
  requestedRowFromJson,
  requestedShape,
  requestedValues,
  requestKeyFreeSql,
  requestKeyItemSql,
  toContent,
} from '../content/index.js';
import {
  announceBalance,
  assertChargeAmount,
  chargeInStatement,
  chargeRecorded,
  chargeRefusal,
  debitErrorToHttp,
  ledgerKeys,
} from '../credits/index.js';
import { GENERATION_QUEUE, type GenerationDeps, type GenerationJobData } from './generation.deps.js';

export interface ReferenceImage {
  data: Buffer;
  mimeType: string;
  ext: string;
}

export interface GenerateInput {
  contentType: ContentType;
  prompt: string;
  model?: string;
  name?: string;
  isPrivate: boolean;
  strength: number;
  seed?: number;
}

export interface EditInput {
  contentId: string;
  operation: EditOperation;
  prompt?: string;
  aspect?: string;
  colour?: string;
  strength?: number;
}

export interface RequestResult {
  content: Content;
  /** True when the Idempotency-Key had been used before and nothing new was charged. */
  isReplay: boolean;
}

function rejectBlocked(deps: GenerationDeps, prompt: string | undefined): void {
  if (!prompt) return;
  const term = deps.blocklist.findBlockedTerm(prompt);
  if (term) throw badRequest(`Your prompt contains a blocked term: "${term}"`, [{ path: 'body.prompt', message: 'blocked term' }]);
}

/** Hands the item to the worker. A failure here is healed by the worker's sweep, so it is only logged. */
export async function enqueueGeneration(deps: GenerationDeps, contentId: string): Promise<void> {
  try {
    const data: GenerationJobData = deps.requestId ? { contentId, requestId: deps.requestId } : { contentId };
    const jobId = await deps.queue.send<GenerationJobData>(GENERATION_QUEUE, data);
    await recordEnqueued(deps.db, contentId, jobId, deps.clock());
  } catch (err) {
    deps.log.error({ err, contentId }, 'could not enqueue generation; the worker sweep will pick it up');
  }
}

interface AcceptRow {
  /** The balance after the charge; null when nothing was charged. */
  credits: number | null;
  item: Record<string, unknown> | null;
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
};

const CHARGE_KIND = 'generation_charge';

interface AcceptShape {
  isSessionChecked: boolean;
  hasRequestKey: boolean;
  /** The item's columns; only which are set and which are NULL matter to the statement's text. */
  item: NewContent;
}

/** Accept statements by shape, per queue (the job's table is the queue's); a handful of shapes exist. */
const acceptStatements = new WeakMap<Queue, Map<string, BuiltStatement<AcceptRow>>>();
const jobInserts = new WeakMap<Queue, ReturnType<Queue['jobInsert']>>();

/** The item's job as part of the accept statement: one row per row of its `item` CTE. */
function jobInsert(queue: Queue): ReturnType<Queue['jobInsert']> {
  let job = jobInserts.get(queue);
  if (!job) jobInserts.set(queue, (job = queue.jobInsert(GENERATION_QUEUE, 'item')));
  return job;
}

/**
 * The accept statement for one shape, built once: building its sixty-part text with drizzle on every
 * request cost more of the process than anything else it did. It runs as a named prepared statement
 * on PostgreSQL, so each connection parses and plans it once rather than on every accept.
 */
function acceptStatement(queue: Queue, shape: AcceptShape): BuiltStatement<AcceptRow> {
  const key = `${shape.isSessionChecked ? 's' : ''}${shape.hasRequestKey ? 'k' : ''}|${requestedShape(shape.item)}`;
  let byShape = acceptStatements.get(queue);
  if (!byShape) acceptStatements.set(queue, (byShape = new Map()));
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
  const statement = buildStatement<AcceptRow>(
    'generation_accept',
    sql`
      WITH ${debit.ctes},
        item AS (${requestedInsertSql(shape.item, 'debit')}),
        job AS (${job.insert})
      SELECT (SELECT credits FROM debit) AS credits,
        (SELECT row_to_json(item) FROM item) AS item,
        (SELECT id FROM job)::text AS job_id,
        ${debit.balanceBefore} AS balance_before,
        ${shape.hasRequestKey ? requestKeyItemSql(P.user, P.requestKey) : sql`NULL::uuid`} AS replay_of,
        ${ownerJsonSql(P.user)} AS owner,
        ${isSessionLive} AS is_session_live`,
  );
  if (byShape.size >= 100) byShape.clear();
  byShape.set(key, statement);
  return statement;
}

/**
 * Charges, records and enqueues one requested item in one statement, so in one transaction and
 * one round trip: the balance's conditional debit and its ledger row (credits), the content row
 * (content) and its job (the queue). The balance row is held only while that statement runs.
 * With an Idempotency-Key, a request whose key this user has already used charges nothing and
 * answers with the first item; two racing with one key both pass the statement's check, and the
 * second then fails as a whole on the content's unique key and answers the same way.
 */
async function createRequested(
  deps: GenerationDeps,
  userId: string,
  values: Omit<NewContent, 'id' | 'userId' | 'charged' | 'idempotencyKey'>,
  charge: { reason: string; reference: string },
  requestKey: string | undefined,
  prepare?: (id: string) => Promise<Partial<NewContent>>,
): Promise<RequestResult> {
  assertChargeAmount(values.cost);
  const id = randomUUID();
  const prepared = prepare ? await prepare(id) : {};
  const discardPrepared = async () => {
    if (prepare) await deps.storage.delete(contentKeyPrefix(id)).catch(() => undefined);
  };
  const replay = async (firstId: string): Promise<RequestResult> => {
    await discardPrepared();
    const first = await loadContentView(deps, firstId, { id: userId });
    if (!first) throw notFound('Content not found');
    return { content: first, isReplay: true };
  };

  await deps.queue.start();
  const data: GenerationJobData = deps.requestId ? { contentId: id, requestId: deps.requestId } : { contentId: id };
  const job = jobInsert(deps.queue).values(data);
  const item: NewContent = {
    ...values,
    ...prepared,
    id,
    userId,
    charged: values.cost,
    idempotencyKey: requestKey ?? null,
    jobId: job.id,
    enqueuedAt: deps.clock(),
  };
  const statement = acceptStatement(deps.queue, {
    isSessionChecked: deps.sessionToCheck !== undefined,
    hasRequestKey: requestKey !== undefined,
    item,
  });
  let row: AcceptRow | undefined;
  try {
    [row] = await statement.run(deps.db, {
      user: userId,
      ...(deps.sessionToCheck !== undefined ? { session: deps.sessionToCheck } : {}),
      ...(requestKey !== undefined ? { request_key: requestKey } : {}),
      cost: values.cost,
      reason: charge.reason,
      reference: charge.reference,
      content_id: id,
      ledger_key: ledgerKeys.generationCharge(id),
      ...requestedValues(item),
      ...job.values,
    });
  } catch (err) {
    if (requestKey && uniqueViolation(err) === 'content_user_idempotency_key') {
      // Same user, same key, racing: the first request committed while this one waited.
      const first = await findByRequestKey(deps.db, userId, requestKey);
      if (first) return replay(first);
    }
    await discardPrepared();
    throw err;
  }
  if (!row) throw new Error('the generation statement returned no row');
  if (!row.is_session_live) {
    await discardPrepared();
    throw sessionEnded();
  }
  if (!row.item || row.credits === null || !row.owner) {
    if (row.replay_of) return replay(row.replay_of);
    await discardPrepared();
    throw debitErrorToHttp(chargeRefusal(userId, values.cost, row.balance_before));
  }
  chargeRecorded(CHARGE_KIND, values.cost);
  announceBalance(deps.realtime, userId, row.credits);
  if (row.job_id) deps.queue.wake(GENERATION_QUEUE);
  // The queue was not set up in this database yet: send the job the ordinary way (or the sweep will).
  else await enqueueGeneration(deps, id);
  const created = requestedRowFromJson(row.item);
  return { content: toContent(created, row.owner, deps.storage, { isLiked: false, withReceipt: true }), isReplay: false };
}

export async function requestGeneration(
  deps: GenerationDeps,
  userId: string,
  input: GenerateInput,
  referenceImage: ReferenceImage | undefined,
  requestKey: string | undefined,
): Promise<RequestResult> {
  rejectBlocked(deps, input.prompt);
  const modelId = input.model ?? MODELS_BY_TYPE[input.contentType][0]?.id;
  const model = modelId ? findModel(input.contentType, modelId) : undefined;
  if (!modelId || !model) throw badRequest(`Model ${modelId ?? ''} is not available for ${input.contentType}`);
  const cost = modelCost(input.contentType, model.id);
  return createRequested(
    deps,
    userId,
    {
      title: input.name || defaultContentName(input.contentType),
      prompt: input.prompt,
      model: model.id,
      contentType: input.contentType,
      status: 'queued',
      isPrivate: input.isPrivate,
      seed: input.seed ?? randomInt(0, SEED_MAX),
      strength: input.strength,
      cost,
    },
    { reason: `${CONTENT_TYPE_NAMES[input.contentType]} generation with ${model.name}`, reference: model.id },
    requestKey,
    referenceImage
      ? async (id) => {
          const referenceKey = `${contentKeyPrefix(id)}reference.${referenceImage.ext}`;
          await deps.storage.put(referenceKey, referenceImage.data, referenceImage.mimeType);
          return { referenceKey };
        }
      : undefined,
  );
}

const EDIT_LABELS: Record<EditOperation, string> = {
  upscale: 'upscaled',
  crop: 'cropped',
  recolour: 'recoloured',
  variation: 'variation',
};

function editTitle(sourceTitle: string, operation: EditOperation): string {
  const suffix = ` (${EDIT_LABELS[operation]})`;
  const room = LIMITS.contentNameMaxLength - suffix.length;
  const base = sourceTitle.length > room ? `${sourceTitle.slice(0, room - 1)}…` : sourceTitle;
  return `${base}${suffix}`;
}

/** An edit makes a new item from one of the user's own ready items, charged like a generation. */
export async function requestEdit(
  deps: GenerationDeps,
  userId: string,
  input: EditInput,
  requestKey: string | undefined,
): Promise<RequestResult> {
  const source = await findOwnReady(deps.db, input.contentId, userId);
  if (!source) throw notFound('Content not found');
  rejectBlocked(deps, input.prompt);
  const operation = input.operation;
  const isVariation = operation === 'variation';
  return createRequested(
    deps,
    userId,
    {
      title: editTitle(source.title, operation),
      description: source.description,
      prompt: input.prompt || source.prompt,
      model: source.model,
      contentType: source.contentType,
      status: 'queued',
      isPrivate: source.isPrivate,
      seed: isVariation ? randomInt(0, SEED_MAX) : source.seed,
      strength: input.strength ?? (isVariation ? LIMITS.variationStrengthDefault : source.strength),
      cost: editCost(operation, source.contentType, source.model),
      parentId: source.id,
      editOperation: operation,
      editParams: {
        ...(operation === 'crop' ? { aspect: input.aspect ?? '1:1' } : {}),
        ...(input.colour ? { colour: input.colour.toLowerCase() } : {}),
      },
    },
    { reason: `${CONTENT_TYPE_NAMES[source.contentType]} ${operation} of "${source.title}"`, reference: source.model },
    requestKey,
  );
}
