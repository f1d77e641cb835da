/**
 * Luma Dream Machine through its official SDK (`lumaai`): Ray 2 for video (luma-dream and any
 * video model routed here) and Ray Flash 2 in loop mode for loops and GIFs (a GIF is converted from
 * the clip). POST /generations/video creates, GET /generations/{id} follows (queued → dreaming →
 * completed | failed), DELETE /generations/{id} cancels. A reference image becomes keyframe
 * frame0; Luma fetches keyframes by URL, and the image is sent as a data URI. Luma reports no
 * percentage, so progress creeps. Luma's callback_url is not used: polling only.
 *
 * Fields: the shape goes as `aspect_ratio` (Luma makes 1:1, 16:9, 9:16, 4:3 and 3:4; 3:2 is sent as
 * 4:3 and 2:3 as 3:4, the nearest it has). Luma takes no seed (the same seed does not repeat a clip)
 * and no negative prompt: one is refused, never dropped, so a model routed here must not offer it.
 *
 * Failures: a failed generation whose failure_reason speaks of moderation or policy is a
 * content-policy refusal; HTTP failures are mapped by ../hosted/http.ts.
 *
 * Edits: no Luma model edits stills, so upscale, crop and recolour are the local editor's; a
 * variation is a new Luma clip from the source's first frame.
 */
import type { ContentType } from '@atelier/shared';
import LumaAI from 'lumaai';
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
import { isPolicyText, vendorFetch } from '../hosted/http.js';
import { followJob, hostedCall, type JobState } from '../hosted/job.js';

export interface LumaProviderOptions {
  apiKey: string;
  /** Default https://api.lumalabs.ai/dream-machine/v1 */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Between generation reads; default 3000 ms. */
  pollIntervalMs?: number;
  backoffMs?: number;
  ffmpegPath?: string;
}

const VENDOR = 'Luma';

/** Luma's model for a content type here, or undefined when Luma does not make it. */
export function lumaModelFor(contentType: ContentType): 'ray-2' | 'ray-flash-2' | undefined {
  if (contentType === 'video') return 'ray-2';
  if (contentType === 'loops' || contentType === 'gif') return 'ray-flash-2';
  return undefined;
}

/** Luma makes 1:1, 16:9, 9:16, 4:3 and 3:4 (the catalogue offers no other shape for its model); 3:2 and 2:3 go as the nearest. */
export const lumaAspect = (aspect: string) =>
  (aspect === '3:2' ? '4:3' : aspect === '2:3' ? '3:4' : aspect) as '1:1' | '4:3' | '3:4' | '16:9' | '9:16';

export function createLumaProvider(opts: LumaProviderOptions): GenerationProvider {
  const http = vendorFetch({ vendor: VENDOR, fetch: opts.fetch, backoffMs: opts.backoffMs });
  const client = new LumaAI({
    authToken: opts.apiKey,
    baseURL: opts.baseUrl,
    fetch: http as unknown as NonNullable<ConstructorParameters<typeof LumaAI>[0]>['fetch'],
    maxRetries: 0,
    timeout: 60_000,
  });
  const pollIntervalMs = opts.pollIntervalMs ?? 3000;
  const ffmpeg = () => (opts.ffmpegPath ? Promise.resolve(opts.ffmpegPath) : bundledFfmpegPath());

  async function generate(input: GenerationInput, ctx: CallContext): Promise<GenerationOutput> {
    const model = lumaModelFor(input.contentType);
    if (!model)
      throw new ProviderError(
        `Luma makes video, loops and GIFs only; route ${input.contentType} models to another provider`,
      );
    if (input.negativePrompt)
      throw new ProviderError('Luma does not take a negative prompt; route models that offer one to another provider');
    ctx.check();
    ctx.progress(2);
    const looping = input.contentType !== 'video';
    let frame0: { type: 'image'; url: string } | undefined;
    if (input.referenceImage) {
      frame0 = { type: 'image', url: dataUri(await compactImage(input.referenceImage)) };
    }
    const created = await client.generations.create(
      {
        model,
        prompt: input.prompt,
        aspect_ratio: lumaAspect(requestedAspect(input)),
        duration: '5s',
        resolution: looping ? '540p' : '720p',
        ...(looping ? { loop: true } : {}),
        ...(frame0 ? { keyframes: { frame0 } } : {}),
      },
      { signal: ctx.signal },
    );
    const id = created.id;
    if (!id) throw new ProviderError('Luma did not return a generation id', true);
    const result = await followJob({
      vendor: VENDOR,
      jobId: id,
      ctx,
      pollIntervalMs,
      poll: () => read(id, ctx),
      cancel: () => client.generations.delete(id, { signal: AbortSignal.timeout(10_000) }),
    });
    const url = typeof result === 'string' ? result : undefined;
    if (!url) throw new ProviderError('Luma returned no video');
    const data = await downloadResult(url, VENDOR, ctx, http);
    ctx.progress(85);
    const output = await toAssets(
      data,
      input.contentType === 'gif' ? 'gif' : 'video',
      VENDOR,
      input.contentType,
      ctx,
      ffmpeg,
    );
    ctx.progress(100);
    return output;
  }

  async function read(id: string, ctx: CallContext): Promise<JobState> {
    const generation = await client.generations.get(id, { signal: ctx.signal });
    switch (generation.state) {
      case 'queued':
        return { state: 'queued' };
      case 'dreaming':
        return { state: 'running' };
      case 'completed':
        return { state: 'succeeded', result: generation.assets?.video };
      case 'failed': {
        const reason = generation.failure_reason ?? '';
        return { state: 'failed', reason, refused: isPolicyText(reason) };
      }
      default:
        return { state: 'queued' };
    }
  }

  const run = <T>(options: ProviderCallOptions, verb: 'Generation' | 'Edit', work: (ctx: CallContext) => Promise<T>) =>
    hostedCall(VENDOR, options, verb, work);

  return {
    name: 'luma',
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
