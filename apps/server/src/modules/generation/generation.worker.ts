import { randomUUID } from 'node:crypto';
import { MSG, SOCKET_EVENTS } from '@atelier/shared';
import { ProviderError, type GeneratedAsset, type GenerationOutput } from '../../providers/generation/types.js';
import { contentKeyPrefix, type ContentRow, findById, loadContentView } from '../content/index.js';
import { announceBalance, applyCredits, ledgerKeys } from '../credits/index.js';
import { enqueueGeneration } from './generation.service.js';
import { deleteWebhookDeliveriesBefore } from './generation.repository.js';
import {
  beat,
  claimQueued,
  completeRun,
  type FailGuard,
  failPending,
  listQueuedForSweep,
  listSilentProcessing,
  listStaleProcessing,
  type ReadyFields,
  requeueRun,
  requeueSilent,
  saveProgress,
} from './generation-runs.repository.js';
import { generationDuration, generationJobs } from '../../platform/observability/metrics.js';
import { GENERATION_QUEUE, generationQueueDefinition, type GenerationDeps, type GenerationJobData } from './generation.deps.js';
import { tileStill } from '../../platform/images.js';

/** A run still "processing" this long after its provider deadline has lost its worker. */
export const STALE_MARGIN_MS = 60_000;
/** A queued item this old with no live job has lost its enqueue (a crash after the commit). */
export const ORPHAN_GRACE_MS = 30_000;
export const SWEEP_INTERVAL_MS = 60_000;
const SWEEP_BATCH = 100;
/** Longer than the webhook signatures' five-minute window, with room for clock skew. */
export const DELIVERY_KEEP_MS = 24 * 3600_000;
const PROGRESS_EVERY_MS = 500;
export const DEFAULT_STALE_AFTER_MS = 30_000;
/** Runs an item may start; one whose worker died this often is failed and refunded instead. */
export const MAX_ATTEMPTS = 3;

type AbortReason = { kind: 'timeout' } | { kind: 'shutdown' };

export function timeoutMessage(timeoutMs: number): string {
  const seconds = Math.max(1, Math.round(timeoutMs / 1000));
  return `Generation timed out after ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
}

/**
 * Records the failure and refunds the charge, exactly once however often it is reached: the
 * guard only holds for a pending item, and the refund's ledger key is `refund:<contentId>`.
 */
export async function failAndRefund(deps: GenerationDeps, contentId: string, reason: string, guard: FailGuard): Promise<boolean> {
  const outcome = await deps.db.transaction(async (tx) => {
    const before = await failPending(tx, contentId, guard, reason);
    if (!before) return null;
    const owed = before.charged - before.refunded;
    let credits: number | null = null;
    if (owed > 0) {
      const refund = await applyCredits(tx, {
        userId: before.userId,
        delta: owed,
        kind: 'refund',
        reason,
        reference: before.model,
        contentId,
        idempotencyKey: ledgerKeys.generationRefund(contentId),
      });
      if (refund.isNew) credits = refund.credits;
    }
    return { userId: before.userId, refunded: before.charged, credits };
  });
  if (!outcome) return false;
  deps.realtime.toUser(outcome.userId, SOCKET_EVENTS.generationFailed, { contentId, reason, refunded: outcome.refunded });
  if (outcome.credits !== null) announceBalance(deps.realtime, outcome.userId, outcome.credits);
  await deps.webhooks?.emit({
    userId: outcome.userId,
    type: 'generation.failed',
    key: contentId,
    data: { contentId, reason, refunded: outcome.refunded },
  });
  await deps.activity?.({ type: 'generation', contentId, userId: outcome.userId, outcome: 'failed', refunded: outcome.refunded, reason });
  return true;
}

const safeExt = (ext: string) => (/^[a-z0-9]{1,5}$/i.test(ext) ? ext.toLowerCase() : 'bin');

/** Waits between attempts to store a render while storage does not answer: about 15 s in all. */
export const STORE_RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 4000, 8000];

/**
 * Stores one file, trying again with back-off while storage does not answer (an outage is not a
 * bad render). Gives up when the run is aborted (timeout, shutdown) or after the last wait; the
 * run then fails and is refunded.
 */
async function putWithRetry(deps: GenerationDeps, key: string, asset: GeneratedAsset, signal: AbortSignal): Promise<void> {
  const delays = deps.storeRetryDelaysMs ?? STORE_RETRY_DELAYS_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      await deps.storage.put(key, asset.data, asset.mimeType);
      return;
    } catch (err) {
      const wait = delays[attempt];
      if (wait === undefined || signal.aborted) throw new StorageUnavailable(err);
      deps.log.warn({ err, key, attempt: attempt + 1 }, 'could not store a generated file; trying again');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve();
        }, { once: true });
      });
      if (signal.aborted) throw signal.reason;
    }
  }
}

/** Storage did not take a finished render, through every retry. */
class StorageUnavailable extends Error {
  constructor(cause: unknown) {
    super('storage did not answer', { cause });
  }
}

/** The failure reason an owner reads when the render could not be stored. */
export const STORAGE_FAILED_REASON = 'The result could not be stored because storage is unavailable';

async function storeAssets(
  deps: GenerationDeps,
  row: ContentRow,
  output: GenerationOutput,
  signal: AbortSignal,
): Promise<{ fields: ReadyFields; flaggedMatureAt: Date | null; keys: string[] }> {
  const byRole = new Map<GeneratedAsset['role'], GeneratedAsset>();
  for (const asset of output.assets) if (!byRole.has(asset.role)) byRole.set(asset.role, asset);
  const original = byRole.get('original');
  if (!original || original.data.length === 0) throw new ProviderError('The generator returned no file');
  if (!Number.isInteger(output.width) || !Number.isInteger(output.height) || output.width <= 0 || output.height <= 0) {
    throw new ProviderError('The generator returned a file without a size');
  }
  const keys = new Map<GeneratedAsset['role'], string>();
  for (const [role, asset] of byRole) {
    const key = `${contentKeyPrefix(row.id)}${role}.${safeExt(asset.ext)}`;
    await putWithRetry(deps, key, asset, signal);
    keys.set(role, key);
  }
  const mediaKey = keys.get('original') as string;
  const previewKey = keys.get('preview') ?? mediaKey;
  // The tile still (640 px) from the largest still there is: a video's poster, else the preview's
  // or the original's first frame. A generator that gives none leaves the item on its thumbnail.
  let tileKey: string | null = null;
  for (const role of ['poster', 'preview', 'original'] as const) {
    const source = byRole.get(role);
    const tile = source ? await tileStill(source.data) : null;
    if (!tile) continue;
    tileKey = `${contentKeyPrefix(row.id)}tile.webp`;
    await putWithRetry(deps, tileKey, { role: 'thumbnail', mimeType: 'image/webp', ext: 'webp', data: tile }, signal);
    break;
  }
  return {
    fields: {
      width: output.width,
      height: output.height,
      durationMs: output.durationMs === undefined ? null : Math.round(output.durationMs),
      mediaKey,
      previewKey,
      thumbnailKey: keys.get('thumbnail') ?? previewKey,
      posterKey: keys.get('poster') ?? null,
      tileKey,
      mimeType: original.mimeType,
    },
    flaggedMatureAt: output.flaggedMature ? deps.clock() : null,
    keys: [...keys.values(), ...(tileKey ? [tileKey] : [])],
  };
}

async function callProvider(deps: GenerationDeps, row: ContentRow, signal: AbortSignal, onProgress: (p: number) => void): Promise<GenerationOutput> {
  const provider = deps.providers.forModel(row.contentType, row.model);
  const opts = { signal, onProgress, deadline: Date.now() + deps.timeoutMs };
  if (row.editOperation) {
    const parent = row.parentId ? await findById(deps.db, row.parentId) : null;
    const source = parent?.mediaKey ? await deps.storage.get(parent.mediaKey) : null;
    if (!parent || !source || !parent.mimeType) throw new ProviderError('The original content is no longer available');
    return provider.edit(
      {
        operation: row.editOperation,
        contentType: row.contentType,
        source: { data: source, mimeType: parent.mimeType },
        prompt: row.prompt,
        seed: row.seed,
        strength: row.strength,
        aspect: row.editParams?.aspect,
        colour: row.editParams?.colour,
      },
      opts,
    );
  }
  let referenceImage: { data: Buffer; mimeType: string } | undefined;
  if (row.referenceKey) {
    const data = await deps.storage.get(row.referenceKey);
    const ext = row.referenceKey.split('.').pop();
    if (data) referenceImage = { data, mimeType: ext === 'jpg' ? 'image/jpeg' : `image/${ext}` };
  }
  return provider.generate(
    {
      contentType: row.contentType,
      model: row.model,
      prompt: row.prompt,
      seed: row.seed,
      strength: row.strength,
      referenceImage,
      ...(row.aspectRatio ? { aspectRatio: row.aspectRatio } : {}),
      ...(row.negativePrompt ? { negativePrompt: row.negativePrompt } : {}),
    },
    opts,
  );
}

/** Rejects when the signal fires, so a provider that ignores its signal still cannot hold the run. */
function untilAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    const fire = () => reject(signal.reason);
    if (signal.aborted) fire();
    else signal.addEventListener('abort', fire, { once: true });
  });
}

export interface RunOptions {
  /** pg-boss will retry this job if the run throws (a provider asking to be retried later). */
  canRetry?: boolean;
  /** The worker's running items, so its shutdown can hand them back to the queue. */
  active?: Map<string, AbortController>;
  /** True once the worker is stopping: a run whose claim was still in flight then hands back at once. */
  isStopping?: () => boolean;
}

/**
 * One job: claim the item, render it, store the files, mark it ready and tell the owner. Any
 * failure fails and refunds it. A second job for the same item, a retry after a crash or a job
 * for a deleted item finds nothing to claim and ends.
 */
export async function runGeneration(deps: GenerationDeps, contentId: string, opts: RunOptions = {}): Promise<void> {
  const runId = randomUUID();
  const row = await claimQueued(deps.db, contentId, runId, deps.clock());
  if (!row) return;
  const startedAt = performance.now();
  const finish = (outcome: 'ready' | 'failed' | 'requeued' | 'discarded') => {
    const seconds = (performance.now() - startedAt) / 1000;
    generationJobs.inc({ model: row.model, outcome });
    generationDuration.observe({ model: row.model, outcome }, seconds);
    deps.log.info({ contentId, model: row.model, outcome, durationMs: Math.round(seconds * 1000) }, 'generation run finished');
  };
  deps.log.info({ contentId, model: row.model }, 'generation run started');
  const controller = new AbortController();
  opts.active?.set(contentId, controller);
  // A shutdown that began while the claim was in flight did not see this run in `active`.
  if (opts.isStopping?.()) controller.abort({ kind: 'shutdown' } satisfies AbortReason);
  const timer = setTimeout(() => controller.abort({ kind: 'timeout' } satisfies AbortReason), deps.timeoutMs);
  timer.unref?.();
  // Signs of life, so a sweep elsewhere can tell this run from one whose worker was killed.
  const heartbeat = setInterval(
    () => void beat(deps.db, contentId, runId, deps.clock()).catch((err: unknown) => deps.log.warn({ err, contentId }, 'could not record heartbeat')),
    Math.max(250, Math.floor((deps.staleAfterMs ?? DEFAULT_STALE_AFTER_MS) / 4)),
  );
  heartbeat.unref?.();
  deps.realtime.toUser(row.userId, SOCKET_EVENTS.generationProgress, { contentId, status: 'processing', progress: 0 });

  let lastProgress = 0;
  let lastSentAt = 0;
  const onProgress = (percent: number) => {
    const progress = Math.max(0, Math.min(99, Math.round(percent)));
    const now = performance.now();
    if (progress <= lastProgress || now - lastSentAt < PROGRESS_EVERY_MS) return;
    lastProgress = progress;
    lastSentAt = now;
    deps.realtime.toUser(row.userId, SOCKET_EVENTS.generationProgress, { contentId, status: 'processing', progress });
    saveProgress(deps.db, contentId, runId, progress).catch((err: unknown) => deps.log.warn({ err, contentId }, 'could not save progress'));
  };

  try {
    const output = await Promise.race([callProvider(deps, row, controller.signal, onProgress), untilAborted(controller.signal)]);
    if (controller.signal.aborted) throw controller.signal.reason;
    const { fields, flaggedMatureAt, keys } = await storeAssets(deps, row, output, controller.signal);
    const isReady = await completeRun(deps.db, contentId, runId, fields, flaggedMatureAt);
    if (!isReady) {
      // Deleted, or failed by the sweep while we worked: what we stored belongs to nobody.
      await Promise.all(keys.map((k) => deps.storage.delete(k).catch(() => undefined)));
      finish('discarded');
      return;
    }
    finish('ready');
    const content = await loadContentView(deps, contentId, { id: row.userId });
    if (content) deps.realtime.toUser(row.userId, SOCKET_EVENTS.generationCompleted, { content });
    await deps.activity?.({ type: 'generation', contentId, userId: row.userId, outcome: 'completed', refunded: 0 });
    await deps.webhooks?.emit({
      userId: row.userId,
      type: 'generation.completed',
      key: contentId,
      data: content
        ? { contentId, title: content.title, contentType: content.contentType, model: content.model, mediaUrl: content.mediaUrl, thumbnailUrl: content.thumbnailUrl, completedAt: content.completedAt }
        : { contentId },
    });
  } catch (err) {
    const abort = controller.signal.aborted ? (controller.signal.reason as AbortReason) : null;
    if (abort?.kind === 'shutdown') {
      await requeueRun(deps.db, contentId, runId);
      finish('requeued');
      return;
    }
    if (err instanceof ProviderError && err.retryable && opts.canRetry && !abort) {
      if (await requeueRun(deps.db, contentId, runId)) {
        finish('requeued');
        deps.realtime.toUser(row.userId, SOCKET_EVENTS.generationProgress, { contentId, status: 'queued', progress: 0 });
        throw err;
      }
      return;
    }
    const reason =
      abort?.kind === 'timeout'
        ? timeoutMessage(deps.timeoutMs)
        : err instanceof ProviderError
          ? err.message
          : err instanceof StorageUnavailable
            ? STORAGE_FAILED_REASON
            : MSG.generation.failed;
    if (err instanceof StorageUnavailable) deps.log.error({ err: err.cause, contentId }, 'generation could not be stored; failed and refunded');
    else if (!(err instanceof ProviderError) && !abort) deps.log.error({ err, contentId }, 'generation failed unexpectedly');
    await failAndRefund(deps, contentId, reason, { runId });
    finish('failed');
  } finally {
    clearTimeout(timer);
    clearInterval(heartbeat);
    opts.active?.delete(contentId);
  }
}

/**
 * Heals what a crash can leave behind: items "processing" long past their deadline are failed
 * and refunded; items "queued" whose job was never sent, or whose job ended without running them,
 * are enqueued again. Every step is guarded, so several workers may sweep at once.
 */
export async function sweepGenerations(deps: GenerationDeps): Promise<{ failed: number; requeued: number }> {
  const now = deps.clock().getTime();
  let failed = 0;
  let requeued = 0;
  const staleBefore = new Date(now - deps.timeoutMs - STALE_MARGIN_MS);
  for (const id of await listStaleProcessing(deps.db, staleBefore, SWEEP_BATCH)) {
    if (await failAndRefund(deps, id, timeoutMessage(deps.timeoutMs), { staleBefore })) failed++;
  }
  // Runs whose worker stopped beating (killed, host lost): back to the queue, or failed and
  // refunded once they have been started too often.
  const silentBefore = new Date(now - (deps.staleAfterMs ?? DEFAULT_STALE_AFTER_MS));
  for (const item of await listSilentProcessing(deps.db, silentBefore, SWEEP_BATCH)) {
    if (item.attempts >= MAX_ATTEMPTS) {
      if (await failAndRefund(deps, item.id, MSG.generation.failed, { silentBefore })) failed++;
      continue;
    }
    const row = await requeueSilent(deps.db, item.id, silentBefore);
    if (!row) continue;
    deps.log.warn({ contentId: item.id, attempts: item.attempts }, 'generation run lost its worker; queued again');
    deps.realtime.toUser(row.userId, SOCKET_EVENTS.generationProgress, { contentId: item.id, status: 'queued', progress: 0 });
    await enqueueGeneration(deps, item.id);
    requeued++;
  }
  // Never later than a silent run is healed, so a fetched-but-unclaimed item is back within the
  // stale time plus one sweep however short that time is set.
  const orphanBefore = new Date(now - Math.min(ORPHAN_GRACE_MS, deps.staleAfterMs ?? DEFAULT_STALE_AFTER_MS));
  for (const item of await listQueuedForSweep(deps.db, orphanBefore, SWEEP_BATCH)) {
    const job = item.jobId ? await deps.queue.job(GENERATION_QUEUE, item.jobId) : null;
    if (job?.state === 'created' || job?.state === 'retry') continue;
    if (job?.state === 'active') {
      // A live worker claims its item moments after fetching the job. One fetched this long ago
      // with its item still queued was fetched by a worker that died (or lost the fetch's reply):
      // pg-boss would only expire it after the generation timeout, so it is queued again now. If
      // that worker comes back after all, only one of the two jobs can claim the item.
      if (!job.startedOn || job.startedOn.getTime() >= silentBefore.getTime()) continue;
      deps.log.warn({ contentId: item.id, jobId: item.jobId }, 'generation job was fetched but its item never claimed; queued again');
    }
    await enqueueGeneration(deps, item.id);
    requeued++;
  }
  if (failed || requeued) deps.log.info({ failed, requeued }, 'generation sweep healed pending items');
  // Webhook deliveries are kept only while a replay could still pass the signature's time check.
  await deleteWebhookDeliveriesBefore(deps.db, new Date(now - DELIVERY_KEEP_MS));
  return { failed, requeued };
}

export interface GenerationWorker {
  /** Hands running items back to the queue and stops taking jobs. */
  stop(): Promise<void>;
}

/** Starts this process's generation worker (ROLE all or worker): a sweep now, then periodically. */
export async function startGenerationWorker(deps: GenerationDeps): Promise<GenerationWorker> {
  await deps.queue.define(generationQueueDefinition(deps.timeoutMs));
  await sweepGenerations(deps);
  const active = new Map<string, AbortController>();
  const running = new Set<Promise<void>>();
  let isStopping = false;
  await deps.queue.work<GenerationJobData>(GENERATION_QUEUE, { concurrency: deps.concurrency }, async (job) => {
    // A job fetched while stopping is left to a later sweep: its item simply stays queued.
    if (isStopping) return;
    const { contentId, requestId } = job.data;
    // Every line of this run carries the job, and the request that asked for it when there was one.
    const log = deps.log.child?.({ jobId: job.id, contentId, ...(requestId ? { reqId: requestId } : {}) }) ?? deps.log;
    const run = runGeneration({ ...deps, log }, contentId, {
      canRetry: job.retryCount < job.retryLimit,
      active,
      isStopping: () => isStopping,
    });
    running.add(run);
    try {
      await run;
    } finally {
      running.delete(run);
    }
  });
  let sweeping: Promise<unknown> | null = null;
  const interval = setInterval(() => {
    sweeping ??= sweepGenerations(deps)
      .catch((err: unknown) => deps.log.error({ err }, 'generation sweep failed'))
      .finally(() => {
        sweeping = null;
      });
  }, Math.min(SWEEP_INTERVAL_MS, Math.max(1000, deps.staleAfterMs ?? DEFAULT_STALE_AFTER_MS)));
  interval.unref();
  return {
    async stop() {
      isStopping = true;
      clearInterval(interval);
      await deps.queue.offWork(GENERATION_QUEUE);
      for (const controller of active.values()) controller.abort({ kind: 'shutdown' } satisfies AbortReason);
      await Promise.allSettled([...running, sweeping]);
    },
  };
}
