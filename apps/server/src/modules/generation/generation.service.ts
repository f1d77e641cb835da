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
  type ContentType,
  type EditOperation,
} from '@atelier/shared';
import { badRequest, notFound } from '../../platform/http/errors.js';
import {
  contentKeyPrefix,
  findByRequestKey,
  findOwnReady,
  insertRequested,
  loadContentView,
  type NewContent,
  recordEnqueued,
} from '../content/index.js';
import { announceBalance, applyCredits, debitErrorToHttp, ledgerKeys } from '../credits/index.js';
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

/**
 * Charges and records one requested item in one transaction, then enqueues it. The enqueue comes
 * after the commit because the queue may sit on another connection; an item committed but never
 * enqueued (a crash in between) stays `queued` with no job, and the worker's sweep enqueues it.
 */
async function createRequested(
  deps: GenerationDeps,
  userId: string,
  values: Omit<NewContent, 'id' | 'userId' | 'charged' | 'idempotencyKey'>,
  charge: { reason: string; reference: string },
  requestKey: string | undefined,
  prepare?: (id: string) => Promise<Partial<NewContent>>,
): Promise<RequestResult> {
  const id = randomUUID();
  const prepared = prepare ? await prepare(id) : {};
  const discardPrepared = async () => {
    if (prepare) await deps.storage.delete(contentKeyPrefix(id)).catch(() => undefined);
  };
  let outcome: { replayOf: string } | { credits: number };
  try {
    outcome = await deps.db.transaction(async (tx) => {
      const inserted = await insertRequested(tx, {
        ...values,
        ...prepared,
        id,
        userId,
        charged: values.cost,
        idempotencyKey: requestKey ?? null,
      });
      if (!inserted) {
        // Same user, same key: the first request (committed, or just now by a racing one) wins.
        const first = requestKey ? await findByRequestKey(tx, userId, requestKey) : null;
        if (!first) throw new Error('idempotent insert found neither a new nor an earlier row');
        return { replayOf: first };
      }
      const debit = await applyCredits(tx, {
        userId,
        delta: -values.cost,
        kind: 'generation_charge',
        reason: charge.reason,
        reference: charge.reference,
        contentId: id,
        idempotencyKey: ledgerKeys.generationCharge(id),
      });
      return { credits: debit.credits };
    });
  } catch (err) {
    await discardPrepared();
    throw debitErrorToHttp(err);
  }
  if ('replayOf' in outcome) {
    await discardPrepared();
    const first = await loadContentView(deps, outcome.replayOf, { id: userId });
    if (!first) throw notFound('Content not found');
    return { content: first, isReplay: true };
  }
  announceBalance(deps.realtime, userId, outcome.credits);
  // Read before enqueueing, so the reply shows the item as requested (queued), not mid-render.
  const created = await loadContentView(deps, id, { id: userId });
  await enqueueGeneration(deps, id);
  if (!created) throw notFound('Content not found');
  return { content: created, isReplay: false };
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
