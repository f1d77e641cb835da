import { ProviderError, type ProviderCallOptions } from '../types.js';
import { CallContext } from '../local/call-context.js';
import { callScope, providerErrorIn, refusal } from './http.js';
import { waitForJob } from './wakeups.js';

/** A vendor job's state, in the same words for every vendor. */
export type JobState =
  | { state: 'queued' | 'running'; progress?: number }
  | { state: 'succeeded'; result: unknown }
  | { state: 'failed'; reason: string; refused?: boolean; retryable?: boolean }
  | { state: 'cancelled' };

export interface FollowOptions {
  vendor: string;
  jobId: string;
  ctx: CallContext;
  pollIntervalMs: number;
  poll(): Promise<JobState>;
  cancel(): Promise<void>;
}

/**
 * Follows a submitted job to its end: polls (woken early by a verified webhook), reports progress
 * (8 % submitted, then 10-80 % by the vendor's own figure or a slow creep), and cancels the job on
 * the vendor when the call is aborted (timeout or shutdown) or can no longer follow it, so nothing
 * keeps running and billing after the item has failed.
 */
export async function followJob(o: FollowOptions): Promise<unknown> {
  const { ctx } = o;
  ctx.progress(8);
  let creep = 8;
  let status: JobState;
  try {
    status = await o.poll();
    while (status.state === 'queued' || status.state === 'running') {
      await waitForJob(o.vendor, o.jobId, o.pollIntervalMs, ctx.signal);
      ctx.check();
      status = await o.poll();
      if (status.state === 'running' && status.progress !== undefined) creep = Math.max(creep, 10 + Math.min(1, status.progress) * 70);
      else if (status.state === 'running' || status.state === 'queued') creep += (80 - creep) * 0.08;
      ctx.progress(creep);
    }
  } catch (error) {
    await o.cancel().catch(() => undefined);
    if (ctx.signal.aborted) throw ctx.abortError();
    throw providerErrorIn(error) ?? error;
  }
  if (status.state === 'failed') {
    if (status.refused) throw refusal(o.vendor, status.reason);
    throw new ProviderError(`${o.vendor} could not make this: ${status.reason || 'the model failed without giving a reason'}`, status.retryable ?? false);
  }
  if (status.state === 'cancelled') throw new ProviderError(`The job was cancelled on ${o.vendor}`);
  return (status as { result: unknown }).result;
}

/** Every failure leaves as a ProviderError; an abort wins over whatever error it caused. */
export async function guardCall<T>(vendor: string, ctx: CallContext, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (ctx.signal.aborted) throw ctx.abortError();
    const inner = providerErrorIn(error);
    if (inner) throw inner;
    throw new ProviderError(`The ${vendor} provider failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * One call into a hosted vendor: its context (progress, abort, deadline), the retry scope the
 * vendor's HTTP calls read, and the vendor's failures mapped to provider errors.
 */
export function hostedCall<T>(
  vendor: string,
  options: ProviderCallOptions,
  verb: 'Generation' | 'Edit',
  work: (ctx: CallContext) => Promise<T>,
): Promise<T> {
  const ctx = new CallContext(options, verb);
  return callScope.run({ signal: options.signal, deadline: options.deadline }, () => guardCall(vendor, ctx, () => work(ctx)));
}
