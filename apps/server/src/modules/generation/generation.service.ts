import { randomInt, randomUUID } from 'node:crypto';
import {
  CONTENT_TYPE_NAMES,
  LIMITS,
  MODELS_BY_TYPE,
  SEED_MAX,
  defaultAspectRatio,
  defaultContentName,
  editCost,
  findModel,
  modelCost,
  modelSettings,
  settingRefusal,
  type AspectRatio,
  type Content,
  type ContentRating,
  type ContentType,
  type EditOperation,
  type GeneratedContent,
} from '@atelier/shared';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { sessionEnded } from '../../platform/http/auth.js';
import { uniqueViolation } from '../auth/index.js';
import {
  contentKeyPrefix,
  loadContentView,
  type NewContent,
  requestedRowFromJson,
  requestedValues,
  toContent,
} from '../content/index.js';
import {
  announceBalance,
  assertChargeAmount,
  chargeRecorded,
  chargeRefusal,
  debitErrorToHttp,
  ledgerKeys,
} from '../credits/index.js';
import { categoryExists } from '../categories/index.js';
import { GENERATION_QUEUE, type GenerationDeps, type GenerationJobData } from './generation.deps.js';
import { acceptStatement, CHARGE_KIND, type AcceptRow } from './generation-accept.repository.js';
import { findOwnBatchId } from './generation.repository.js';
import { findByRequestKey, findOwnReady, findRemixable, listBatchItemIds, recordEnqueued } from './generation-runs.repository.js';

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
  /** `mature` keeps the items out of the lists of people who have not opted in; general when absent. */
  rating?: ContentRating;
  strength: number;
  seed?: number;
  /** Candidates to make (1-4). */
  count?: number;
  aspectRatio?: AspectRatio;
  negativePrompt?: string;
  categoryId?: string;
  tags?: string[];
  /** A public, ready item to remix: the new items' parent. */
  remixOf?: string;
}

export interface EditInput {
  contentId: string;
  operation: EditOperation;
  prompt?: string;
  aspect?: string;
  colour?: string;
  strength?: number;
}

function rejectBlocked(deps: GenerationDeps, prompt: string | undefined): void {
  if (!prompt) return;
  const term = deps.blocklist.findBlockedTerm(prompt);
  if (term)
    throw badRequest(`Your prompt contains a blocked term: "${term}"`, [
      { path: 'body.prompt', message: 'blocked term' },
    ]);
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

/** What a request made: the first item (the reply's `data`), and all of them when it made a batch. */
export interface RequestResult {
  content: GeneratedContent;
  /** Every item of the request, in the order asked for (one for a single item). */
  items: Content[];
  /** True when the Idempotency-Key had been used before and nothing new was charged. */
  isReplay: boolean;
}

/** The item values shared by every candidate of one request. */
type SharedValues = Omit<
  NewContent,
  'id' | 'userId' | 'charged' | 'idempotencyKey' | 'seed' | 'referenceKey' | 'jobId' | 'batchId'
>;

interface RequestedItems {
  /** Candidates to make (1 for an edit); each is charged `cost` and refunded on its own. */
  count: number;
  /** The first candidate's seed; the next ones take the seeds after it. */
  seed: number;
  /** Work that needs the item's id before the statement (storing its reference image). */
  prepare?: (id: string) => Promise<Partial<NewContent>>;
}

/** The seed of the i-th candidate: consecutive after the first, wrapping at SEED_MAX. */
const candidateSeed = (first: number, i: number) => (first + i) % (SEED_MAX + 1);

/**
 * Charges, records and enqueues the requested items in one statement, so in one transaction and
 * one round trip: the balance's conditional debit of count × cost and its ledger row (credits), the
 * batch row (several candidates), the content rows (content) and their jobs (the queue). The
 * balance row is held only while that statement runs. With an Idempotency-Key, a request whose key
 * this user has already used charges nothing and answers with the first item; two racing with one
 * key both pass the statement's check, and the second then fails as a whole on the content's
 * unique key (the first item carries the key) and answers the same way.
 */
async function createRequested(
  deps: GenerationDeps,
  userId: string,
  values: SharedValues,
  charge: { reason: string; reference: string },
  requestKey: string | undefined,
  requested: RequestedItems,
): Promise<RequestResult> {
  assertChargeAmount(values.cost);
  const count = requested.count;
  const ids: string[] = Array.from({ length: count }, () => randomUUID());
  const firstId = ids[0] as string;
  const prepared = requested.prepare ? await Promise.all(ids.map((id) => requested.prepare!(id))) : [];
  const discardPrepared = async () => {
    if (requested.prepare)
      await Promise.all(ids.map((id) => deps.storage.delete(contentKeyPrefix(id)).catch(() => undefined)));
  };
  const replay = async (firstOfBefore: string): Promise<RequestResult> => {
    await discardPrepared();
    const first = await loadContentView(deps, firstOfBefore, { id: userId });
    if (!first) throw notFound('Content not found');
    const items = first.batchId ? await batchItems(deps, userId, first.batchId) : [first];
    return { content: withBatch(first, first.batchId ?? null, items), items, isReplay: true };
  };

  await deps.queue.start();
  const batchId: string | null = count > 1 ? randomUUID() : null;
  const each = ids.map((id, i) => ({
    id,
    seed: candidateSeed(requested.seed, i),
    job_id: randomUUID(),
    idempotency_key: i === 0 ? (requestKey ?? null) : null,
    reference_key: prepared[i]?.referenceKey ?? null,
  }));
  const item: NewContent = {
    ...values,
    userId,
    // Per item (content's REQUESTED_PER_ITEM): taken from `each`, not from here.
    seed: requested.seed,
    charged: values.cost,
    enqueuedAt: deps.clock(),
    batchId,
  };
  const statement = acceptStatement(deps.queue, {
    isSessionChecked: deps.sessionToCheck !== undefined,
    hasRequestKey: requestKey !== undefined,
    isBatch: batchId !== null,
    item,
  });
  const total = values.cost * count;
  let row: AcceptRow | undefined;
  try {
    [row] = await statement.run(deps.db, {
      user: userId,
      ...(deps.sessionToCheck !== undefined ? { session: deps.sessionToCheck } : {}),
      ...(requestKey !== undefined ? { request_key: requestKey } : {}),
      ...(batchId !== null ? { batch_id: batchId, item_count: count } : {}),
      cost: total,
      reason: charge.reason,
      reference: charge.reference,
      content_id: firstId,
      ledger_key: ledgerKeys.generationCharge(firstId),
      each: JSON.stringify(each),
      job_extra: JSON.stringify(deps.requestId ? { requestId: deps.requestId } : {}),
      ...requestedValues(item),
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
  if (!row.items || row.items.length === 0 || row.credits === null || !row.owner) {
    if (row.replay_of) return replay(row.replay_of);
    await discardPrepared();
    throw debitErrorToHttp(chargeRefusal(userId, total, row.balance_before));
  }
  chargeRecorded(CHARGE_KIND, total);
  announceBalance(deps.realtime, userId, row.credits);
  const owner = row.owner;
  const order = new Map(ids.map((id, i) => [id, i]));
  const items = row.items
    .map((json) => requestedRowFromJson(json))
    .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
    .map((created) =>
      toContent(created, owner, deps.storage, { isLiked: false, withReceipt: true, withSettings: true }),
    );
  if (row.job_id) deps.queue.wake(GENERATION_QUEUE);
  // The queue was not set up in this database yet: send the jobs the ordinary way (or the sweep will).
  else for (const id of ids) await enqueueGeneration(deps, id);
  return { content: withBatch(items[0] as Content, batchId, items), items, isReplay: false };
}

function withBatch(first: Content, batchId: string | null, items: Content[]): GeneratedContent {
  return batchId ? { ...first, batch: { id: batchId, itemIds: items.map((i) => i.id) } } : first;
}

/** The items of one of the user's batches, as tiles for their owner, in the order they were asked for. */
async function batchItems(
  deps: Pick<GenerationDeps, 'db' | 'storage'>,
  userId: string,
  batchId: string,
): Promise<Content[]> {
  const ids = await listBatchItemIds(deps.db, userId, batchId);
  const items = await Promise.all(ids.map((id) => loadContentView(deps, id, { id: userId }, 'tile')));
  return items.filter((i): i is Content => i !== null);
}

/** GET /content/batches/{id}: the owner's batch with its items that still exist; 404 to anyone else. */
export async function getBatch(
  deps: Pick<GenerationDeps, 'db' | 'storage'>,
  userId: string,
  batchId: string,
): Promise<{ id: string; items: Content[] }> {
  const id = await findOwnBatchId(deps.db, userId, batchId);
  if (!id) throw notFound('Batch not found');
  return { id, items: await batchItems(deps, userId, batchId) };
}

export async function requestGeneration(
  deps: GenerationDeps,
  userId: string,
  input: GenerateInput,
  referenceImage: ReferenceImage | undefined,
  requestKey: string | undefined,
): Promise<RequestResult> {
  rejectBlocked(deps, input.prompt);
  rejectBlocked(deps, input.negativePrompt);
  const modelId = input.model ?? MODELS_BY_TYPE[input.contentType][0]?.id;
  const model = modelId ? findModel(input.contentType, modelId) : undefined;
  if (!modelId || !model) throw badRequest(`Model ${modelId ?? ''} is not available for ${input.contentType}`);
  const refusal = settingRefusal(input.contentType, model, {
    referenceImage: referenceImage !== undefined,
    negativePrompt: input.negativePrompt,
    aspectRatio: input.aspectRatio,
  });
  if (refusal) throw badRequest(refusal);
  // None asked for: the type's usual shape (else the model's first), stored with the item, so every
  // renderer draws the same one.
  const usual = defaultAspectRatio(input.contentType);
  const shapes = modelSettings(input.contentType, model.id).aspectRatios;
  const aspectRatio = input.aspectRatio ?? (shapes.includes(usual) ? usual : (shapes[0] ?? usual));
  if (input.categoryId && !(await categoryExists(deps.db, input.categoryId)))
    throw badRequest('Please choose a category from the list');
  let parentId: string | null = null;
  let remixOf: Content['remixOf'] = null;
  if (input.remixOf) {
    const source = await findRemixable(deps.db, input.remixOf);
    if (!source) throw notFound('Content not found');
    parentId = source.id;
    remixOf = { id: source.id, title: source.title, owner: source.owner };
  }
  const cost = modelCost(input.contentType, model.id);
  const count = input.count ?? 1;
  const result = await createRequested(
    deps,
    userId,
    {
      title: input.name || defaultContentName(input.contentType),
      prompt: input.prompt,
      model: model.id,
      contentType: input.contentType,
      status: 'queued',
      isPrivate: input.isPrivate,
      ...(input.rating ? { rating: input.rating } : {}),
      strength: input.strength,
      cost,
      aspectRatio,
      ...(input.negativePrompt ? { negativePrompt: input.negativePrompt } : {}),
      ...(input.categoryId ? { categoryId: input.categoryId } : {}),
      ...(input.tags && input.tags.length > 0 ? { tags: input.tags } : {}),
      ...(parentId ? { parentId } : {}),
    },
    {
      reason: `${CONTENT_TYPE_NAMES[input.contentType]} generation with ${model.name}${count > 1 ? ` (${count} candidates)` : ''}`,
      reference: model.id,
    },
    requestKey,
    {
      count,
      seed: input.seed ?? randomInt(0, SEED_MAX),
      prepare: referenceImage
        ? async (id) => {
            const referenceKey = `${contentKeyPrefix(id)}reference.${referenceImage.ext}`;
            await deps.storage.put(referenceKey, referenceImage.data, referenceImage.mimeType);
            return { referenceKey };
          }
        : undefined,
    },
  );
  // The reply is what the new item's page first shows: it names its source as a fetch of it would.
  if (!remixOf || result.isReplay) return result;
  const credited = <T extends Content>(item: T): T => ({ ...item, remixOf, remixCount: 0 });
  return { ...result, content: credited(result.content), items: result.items.map(credited) };
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
      // An edit keeps its source's rating: a mature item's crop is mature too.
      rating: source.rating,
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
    { count: 1, seed: isVariation ? randomInt(0, SEED_MAX) : source.seed },
  );
}
