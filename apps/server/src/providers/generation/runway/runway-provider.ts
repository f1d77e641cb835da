/**
 * Runway through its official SDK (`@runwayml/sdk`): the current Gen model (gen4.5) for video,
 * text-to-video (POST /v1/text_to_video) or, with a reference image, image-to-video (POST
 * /v1/image_to_video, the image as its first frame). The task is followed with GET /v1/tasks/{id}
 * (Runway reports progress 0-1 while RUNNING) and cancelled with DELETE /v1/tasks/{id}. Runway
 * sends no webhooks, so its tasks are polled (at most every 5 s, as Runway asks).
 *
 * Fields: the seed goes as `seed` and the shape as `ratio`, in pixels. Text-to-video makes only
 * 1280:720 and 720:1280, so a shape taller than wide (9:16, 3:4, 2:3) is sent as 720:1280 and any
 * other as 1280:720; image-to-video also makes 960:960 (1:1), 1104:832 (4:3) and 832:1104 (3:4), and
 * sends 3:2 and 2:3 as its wide and tall ratios. gen4.5 takes no negative prompt: one is refused,
 * never dropped, so a model routed here must not offer it.
 *
 * Failures: a FAILED task with a SAFETY.* failure code is a content-policy refusal; INTERNAL.*
 * failures may be retried (Runway's advice); HTTP failures are mapped by ../hosted/http.ts.
 *
 * Edits: Runway has no image upscaler for our stills and video is its only route here, so upscale,
 * crop and recolour are the local editor's exact operations; a variation is a new Runway video
 * from the source's first frame.
 */
import type { AspectRatio, ContentType } from '@atelier/shared';
import RunwayML from '@runwayml/sdk';
import {
  ProviderError,
  type EditInput,
  type GenerationInput,
  type GenerationOutput,
  type GenerationProvider,
  type ProviderCallOptions,
} from '../types.js';
import { type CallContext } from '../local/call-context.js';
import { editContent } from '../local/edit.js';
import { bundledFfmpegPath } from '../local/ffmpeg.js';
import { compactImage, requestedAspect, dataUri, downloadResult, toAssets } from '../hosted/assets.js';
import { vendorFetch } from '../hosted/http.js';
import { followJob, hostedCall, type JobState } from '../hosted/job.js';

export interface RunwayProviderOptions {
  apiKey: string;
  /** Default https://api.dev.runwayml.com */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Between task reads; default 5000 ms. */
  pollIntervalMs?: number;
  /** First backoff step of retries; default 1000 ms. */
  backoffMs?: number;
  ffmpegPath?: string;
}

export const RUNWAY_MODEL = 'gen4.5';
const VENDOR = 'Runway';

/** What Runway serves here: every video model routed to it. */
export function runwayServes(contentType: ContentType): boolean {
  return contentType === 'video';
}

/** Runway's `ratio` for a shape: text-to-video's two, or image-to-video's five (see the file's note). */
export function runwayRatio(
  aspect: AspectRatio,
  withReference: boolean,
): '1280:720' | '720:1280' | '960:960' | '1104:832' | '832:1104' {
  if (withReference) {
    if (aspect === '1:1') return '960:960';
    if (aspect === '4:3') return '1104:832';
    if (aspect === '3:4') return '832:1104';
  }
  const [w, h] = aspect.split(':').map(Number) as [number, number];
  return h > w ? '720:1280' : '1280:720';
}

export function createRunwayProvider(opts: RunwayProviderOptions): GenerationProvider {
  const http = vendorFetch({ vendor: VENDOR, fetch: opts.fetch, backoffMs: opts.backoffMs });
  // Retries are ours (vendorFetch); the SDK's own would retry a submit on any 5xx.
  const client = new RunwayML({
    apiKey: opts.apiKey,
    baseURL: opts.baseUrl,
    fetch: http,
    maxRetries: 0,
    timeout: 60_000,
  });
  const pollIntervalMs = opts.pollIntervalMs ?? 5000;
  const ffmpeg = () => (opts.ffmpegPath ? Promise.resolve(opts.ffmpegPath) : bundledFfmpegPath());

  async function generate(input: GenerationInput, ctx: CallContext): Promise<GenerationOutput> {
    if (!runwayServes(input.contentType)) {
      throw new ProviderError(`Runway makes video only; route ${input.contentType} models to another provider`);
    }
    if (input.negativePrompt)
      throw new ProviderError(
        'Runway does not take a negative prompt; route models that offer one to another provider',
      );
    ctx.check();
    ctx.progress(2);
    const aspect = requestedAspect(input);
    const seed = input.seed % 4294967295;
    let task: { id: string };
    if (input.referenceImage) {
      const reference = await compactImage(input.referenceImage);
      const ratio = runwayRatio(aspect, true);
      task = await client.imageToVideo.create(
        {
          model: RUNWAY_MODEL,
          promptText: input.prompt.slice(0, 1000),
          promptImage: dataUri(reference),
          ratio,
          duration: 5,
          seed,
        },
        { signal: ctx.signal },
      );
    } else {
      const ratio = runwayRatio(aspect, false) as '1280:720' | '720:1280';
      task = await client.textToVideo.create(
        { model: RUNWAY_MODEL, promptText: input.prompt.slice(0, 1000), ratio, duration: 5, seed },
        { signal: ctx.signal },
      );
    }
    if (!task.id) throw new ProviderError('Runway did not return a task id', true);
    const output = await followJob({
      vendor: VENDOR,
      jobId: task.id,
      ctx,
      pollIntervalMs,
      poll: () => readTask(task.id, ctx),
      cancel: () => client.tasks.delete(task.id, { signal: AbortSignal.timeout(10_000) }),
    });
    const url = Array.isArray(output) ? output.find((o): o is string => typeof o === 'string') : undefined;
    if (!url) throw new ProviderError('Runway returned no output file');
    const data = await downloadResult(url, VENDOR, ctx, http);
    ctx.progress(85);
    const result = await toAssets(data, 'video', VENDOR, input.contentType, ctx, ffmpeg);
    ctx.progress(100);
    return result;
  }

  async function readTask(id: string, ctx: CallContext): Promise<JobState> {
    const task = await client.tasks.retrieve(id, { signal: ctx.signal });
    switch (task.status) {
      case 'PENDING':
      case 'THROTTLED':
        return { state: 'queued' };
      case 'RUNNING':
        return { state: 'running', progress: typeof task.progress === 'number' ? task.progress : undefined };
      case 'SUCCEEDED':
        return { state: 'succeeded', result: task.output };
      case 'FAILED': {
        const code = task.failureCode ?? '';
        return {
          state: 'failed',
          reason: task.failure,
          refused: /SAFETY/i.test(code),
          retryable: /^INTERNAL/i.test(code),
        };
      }
      default:
        return { state: 'cancelled' };
    }
  }

  const run = <T>(options: ProviderCallOptions, verb: 'Generation' | 'Edit', work: (ctx: CallContext) => Promise<T>) =>
    hostedCall(VENDOR, options, verb, work);

  return {
    name: 'runway',
    generate: (input, options) => run(options, 'Generation', (ctx) => generate(input, ctx)),
    edit: (input: EditInput, options) =>
      run(options, 'Edit', async (ctx) => {
        ctx.check();
        const output = await editContent(input, ctx, ffmpeg, (request) => generate(request, ctx));
        ctx.progress(100);
        return output;
      }),
  };
}
