/**
 * fal.ai through its official client (`@fal-ai/client`): every request goes through fal's queue
 * (POST https://queue.fal.run/{endpoint}, GET …/requests/{id}/status, GET …/requests/{id},
 * PUT …/requests/{id}/cancel). The client is pointed at FAL_API_URL with its request middleware
 * (tests use a local server), and its fetch is ../hosted/http.ts's, so retries follow one policy.
 *
 * Endpoints (FAL_MODELS below): FLUX 1.1 pro / dev / schnell, fast SDXL, Recraft V3 (vector
 * illustration style, real SVG) for vectors, Pika 2.2, Luma Ray 2 and Kling 2.1 master (the
 * stand-in for Runway Gen-3 on fal), Ray 2 Flash in loop mode for loops and GIFs. A reference image
 * picks the endpoint's image-to-image / image-to-video variant, sent as a data URI.
 *
 * With webhooks on, the submit names {PUBLIC_URL}/api/v1/generation/webhooks/fal and a verified
 * webhook wakes the follower (../hosted/wakeups.ts); status is polled either way.
 *
 * Failures: 422 with a content_policy_violation is a content-policy refusal; HTTP failures are
 * mapped by http.ts. An image fal's safety checker flags in has_nsfw_concepts is kept and reported
 * to the worker (flaggedMature), which stores the item rated mature, fixed there for its owner.
 *
 * Edits: upscale of a photo or illustration runs fal's ESRGAN (2×); crop and recolour are the
 * local editor's exact operations; a variation is a new generation with the source as reference.
 */
import { MODELS_BY_TYPE, type ContentType } from '@atelier/shared';
import { createFalClient } from '@fal-ai/client';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { DECODE_LIMIT } from '../../../platform/images.js';
import { ProviderError, type EditInput, type GenerationInput, type GenerationOutput, type GenerationProvider, type ProviderCallOptions } from '../types.js';
import { type CallContext } from '../local/call-context.js';
import { editContent } from '../local/edit.js';
import { bundledFfmpegPath } from '../local/ffmpeg.js';
import { compactImage, requestedAspect, dataUri, downloadResult, toAssets, type AspectRatio, type OutputKind } from '../hosted/assets.js';
import { vendorFetch } from '../hosted/http.js';
import { followJob, hostedCall, type JobState } from '../hosted/job.js';

export interface FalProviderOptions {
  apiKey: string;
  /** fal's queue host; default https://queue.fal.run */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Between status reads; default 1500 ms (10 s with webhooks on). */
  pollIntervalMs?: number;
  backoffMs?: number;
  /** Set when webhooks are on: where fal reports a finished request. */
  webhookUrl?: string;
  ffmpegPath?: string;
}

const VENDOR = 'fal.ai';
const FAL_QUEUE = 'https://queue.fal.run';

interface Args {
  prompt: string;
  seed: number;
  strength: number;
  aspect: AspectRatio;
  /** Whether the shape was asked for (exact sizes) rather than read from the prompt. */
  exact: boolean;
  image?: string;
  negativePrompt?: string;
}

export interface FalRoute {
  /** Text-to-image / text-to-video endpoint. */
  endpoint: string;
  /** Image-to-image / image-to-video endpoint; without one, a reference image is not sent. */
  imageEndpoint?: string;
  output: OutputKind;
  input(a: Args): Record<string, unknown>;
}

const IMAGE_SIZE: Record<AspectRatio, string> = {
  '1:1': 'square_hd',
  '16:9': 'landscape_16_9',
  '9:16': 'portrait_16_9',
  '4:3': 'landscape_4_3',
  '3:4': 'portrait_4_3',
  '3:2': 'landscape_4_3',
  '2:3': 'portrait_4_3',
};
/** fal's named sizes have no 3:2 or 2:3: a shape asked for gets its exact size. */
const EXACT_SIZE: Partial<Record<AspectRatio, { width: number; height: number }>> = {
  '3:2': { width: 1536, height: 1024 },
  '2:3': { width: 1024, height: 1536 },
};
const imageSize = ({ aspect, exact }: Args) => (exact ? (EXACT_SIZE[aspect] ?? IMAGE_SIZE[aspect]) : IMAGE_SIZE[aspect]);
const videoAspect = (a: AspectRatio) => (a === '3:2' ? '16:9' : a === '2:3' ? '9:16' : a);
const negative = (text: string | undefined) => (text ? { negative_prompt: text } : {});
const flux = (a: Args) => ({ prompt: a.prompt, seed: a.seed, image_size: imageSize(a), num_images: 1, output_format: 'png', enable_safety_checker: true });
const loop = ({ prompt, aspect, image }: Args) => ({ prompt, aspect_ratio: videoAspect(aspect), loop: true, duration: '5s', resolution: '540p', ...(image ? { image_url: image } : {}) });

/** Catalogue model (type/model) → fal endpoint and its input fields. */
export const FAL_MODELS: Record<string, FalRoute> = {
  'photo/flux-pro': {
    endpoint: 'fal-ai/flux-pro/v1.1',
    imageEndpoint: 'fal-ai/flux-pro/v1.1/redux',
    output: 'image',
    input: (a) => ({ ...flux(a), safety_tolerance: '2', ...(a.image ? { image_url: a.image } : {}) }),
  },
  'photo/flux-dev': {
    endpoint: 'fal-ai/flux/dev',
    imageEndpoint: 'fal-ai/flux/dev/image-to-image',
    output: 'image',
    input: (a) => ({ ...flux(a), ...(a.image ? { image_url: a.image, strength: Math.min(0.95, Math.max(0.05, a.strength / 100)) } : {}) }),
  },
  'photo/flux-schnell': {
    endpoint: 'fal-ai/flux/schnell',
    imageEndpoint: 'fal-ai/flux/schnell/redux',
    output: 'image',
    input: (a) => ({ ...flux(a), ...(a.image ? { image_url: a.image } : {}) }),
  },
  'illustration/stable-diffusion-xl': {
    endpoint: 'fal-ai/fast-sdxl',
    imageEndpoint: 'fal-ai/fast-sdxl/image-to-image',
    output: 'image',
    input: (a) => ({ ...flux(a), ...negative(a.negativePrompt), format: 'png', ...(a.image ? { image_url: a.image, strength: Math.min(0.95, Math.max(0.05, a.strength / 100)) } : {}) }),
  },
  'vector/stable-diffusion-xl': {
    endpoint: 'fal-ai/recraft/v3/text-to-image',
    output: 'svg',
    input: (a) => ({ prompt: a.prompt, image_size: imageSize(a), style: 'vector_illustration' }),
  },
  'loops/stable-diffusion-xl': {
    endpoint: 'fal-ai/luma-dream-machine/ray-2-flash',
    imageEndpoint: 'fal-ai/luma-dream-machine/ray-2-flash/image-to-video',
    output: 'video',
    input: loop,
  },
  'gif/stable-diffusion-xl': {
    endpoint: 'fal-ai/luma-dream-machine/ray-2-flash',
    imageEndpoint: 'fal-ai/luma-dream-machine/ray-2-flash/image-to-video',
    output: 'gif',
    input: loop,
  },
  'video/pika-labs': {
    endpoint: 'fal-ai/pika/v2.2/text-to-video',
    imageEndpoint: 'fal-ai/pika/v2.2/image-to-video',
    output: 'video',
    input: ({ prompt, seed, aspect, image, negativePrompt }) => ({ prompt, ...negative(negativePrompt), seed, aspect_ratio: videoAspect(aspect), resolution: '720p', duration: 5, ...(image ? { image_url: image } : {}) }),
  },
  'video/luma-dream': {
    endpoint: 'fal-ai/luma-dream-machine/ray-2',
    imageEndpoint: 'fal-ai/luma-dream-machine/ray-2/image-to-video',
    output: 'video',
    input: ({ prompt, aspect, image }) => ({ prompt, aspect_ratio: videoAspect(aspect), duration: '5s', resolution: '720p', ...(image ? { image_url: image } : {}) }),
  },
  'video/runway-gen3': {
    endpoint: 'fal-ai/kling-video/v2.1/master/text-to-video',
    imageEndpoint: 'fal-ai/kling-video/v2.1/master/image-to-video',
    output: 'video',
    input: ({ prompt, aspect, image }) => ({ prompt, aspect_ratio: videoAspect(aspect), duration: '5', cfg_scale: 0.5, ...(image ? { image_url: image } : {}) }),
  },
};

/** fal's 2× upscaler for stills (photo, illustration). */
export const FAL_UPSCALER = 'fal-ai/esrgan';
const UPSCALE_MAX_SIDE = 4096;

interface QueueStatus {
  status?: string;
  logs?: Array<{ message?: string }> | null;
  error?: string | null;
  error_type?: string | null;
}

export function createFalProvider(opts: FalProviderOptions): GenerationProvider {
  const http = vendorFetch({ vendor: VENDOR, fetch: opts.fetch, backoffMs: opts.backoffMs });
  const base = (opts.baseUrl ?? FAL_QUEUE).replace(/\/+$/, '');
  const fal = createFalClient({
    credentials: opts.apiKey,
    fetch: http,
    suppressLocalCredentialsWarning: true,
    // The client always builds https://queue.fal.run/…; FAL_API_URL may name another host.
    requestMiddleware: async (request) => ({ ...request, url: request.url.startsWith(FAL_QUEUE) ? base + request.url.slice(FAL_QUEUE.length) : request.url }),
  });
  const pollIntervalMs = opts.pollIntervalMs ?? (opts.webhookUrl ? 10_000 : 1500);
  const ffmpeg = () => (opts.ffmpegPath ? Promise.resolve(opts.ffmpegPath) : bundledFfmpegPath());

  /** Submits to the queue, follows the request and returns its result's data. */
  async function runEndpoint(endpoint: string, input: Record<string, unknown>, ctx: CallContext): Promise<Record<string, unknown>> {
    const submitted = await fal.queue.submit(endpoint, { input, abortSignal: ctx.signal, ...(opts.webhookUrl ? { webhookUrl: opts.webhookUrl } : {}) });
    const requestId = submitted.request_id;
    if (!requestId) throw new ProviderError('fal.ai did not return a request id', true);
    await followJob({
      vendor: VENDOR,
      jobId: requestId,
      ctx,
      pollIntervalMs,
      poll: async (): Promise<JobState> => {
        const status = (await fal.queue.status(endpoint, { requestId, logs: true, abortSignal: ctx.signal })) as QueueStatus;
        if (status.status === 'IN_QUEUE') return { state: 'queued' };
        if (status.status === 'IN_PROGRESS') return { state: 'running', progress: progressFromLogs(status.logs) };
        if (status.error) return { state: 'failed', reason: status.error, refused: /content_policy/i.test(status.error_type ?? '') };
        return { state: 'succeeded', result: null };
      },
      cancel: () => fal.queue.cancel(endpoint, { requestId, abortSignal: AbortSignal.timeout(10_000) }),
    });
    // A refused request answers its result with 422 content_policy_violation: http.ts says so.
    const result = await fal.queue.result(endpoint, { requestId, abortSignal: ctx.signal });
    return (result.data ?? {}) as Record<string, unknown>;
  }

  async function fetchOutput(data: Record<string, unknown>, ctx: CallContext): Promise<Buffer> {
    const url = outputUrl(data);
    if (!url) throw new ProviderError('fal.ai returned no output file');
    return downloadResult(url, VENDOR, ctx, http);
  }

  async function generate(input: GenerationInput, ctx: CallContext): Promise<GenerationOutput> {
    const route = FAL_MODELS[`${input.contentType}/${input.model}`];
    if (!route) throw new ProviderError(`The model ${input.model} is not available for ${input.contentType} on fal.ai`);
    ctx.check();
    ctx.progress(2);
    let image: string | undefined;
    if (input.referenceImage && route.imageEndpoint) {
      image = dataUri(await compactImage(input.referenceImage));
    }
    const endpoint = image && route.imageEndpoint ? route.imageEndpoint : route.endpoint;
    const args: Args = {
      prompt: input.prompt,
      seed: input.seed,
      strength: input.strength,
      aspect: requestedAspect(input),
      exact: input.aspectRatio !== undefined,
      image,
      negativePrompt: input.negativePrompt,
    };
    const data = await runEndpoint(endpoint, route.input(args), ctx);
    const file = await fetchOutput(data, ctx);
    ctx.progress(85);
    const output = await toAssets(file, route.output, VENDOR, input.contentType, ctx, ffmpeg);
    ctx.progress(100);
    return flagged(data) ? { ...output, flaggedMature: true } : output;
  }

  async function upscale(input: EditInput, ctx: CallContext): Promise<GenerationOutput | undefined> {
    if (input.contentType !== 'photo' && input.contentType !== 'illustration') return undefined;
    const type = await fileTypeFromBuffer(input.source.data);
    if (!type || !['image/png', 'image/jpeg', 'image/webp'].includes(type.mime)) return undefined;
    const meta = await sharp(input.source.data, DECODE_LIMIT).metadata();
    // Past 4096 px the local editor's capped upscale is the right answer.
    if (!meta.width || !meta.height || Math.max(meta.width, meta.height) * 2 > UPSCALE_MAX_SIDE) return undefined;
    ctx.progress(5);
    const data = await runEndpoint(FAL_UPSCALER, { image_url: dataUri(input.source, type.mime), scale: 2, output_format: 'png' }, ctx);
    const file = await fetchOutput(data, ctx);
    ctx.progress(85);
    const output = await toAssets(file, 'image', VENDOR, input.contentType, ctx, ffmpeg);
    return flagged(data) ? { ...output, flaggedMature: true } : output;
  }

  const run = <T>(options: ProviderCallOptions, verb: 'Generation' | 'Edit', work: (ctx: CallContext) => Promise<T>) =>
    hostedCall(VENDOR, options, verb, work);

  return {
    name: 'fal',
    generate: (input, options) => run(options, 'Generation', (ctx) => generate(input, ctx)),
    edit: (input: EditInput, options) =>
      run(options, 'Edit', async (ctx) => {
        ctx.check();
        const output =
          (input.operation === 'upscale' ? await upscale(input, ctx) : undefined) ??
          (await editContent(input, ctx, ffmpeg, (request) => {
            // The source says nothing about its model: a variation uses the type's first catalogue model.
            const model = MODELS_BY_TYPE[request.contentType][0]?.id ?? request.model;
            return generate({ ...request, model }, ctx);
          }));
        ctx.progress(100);
        return output;
      }),
  };
}

function outputUrl(data: Record<string, unknown>): string | undefined {
  const urlOf = (v: unknown) => (v && typeof v === 'object' && typeof (v as { url?: unknown }).url === 'string' ? (v as { url: string }).url : undefined);
  const images = data.images;
  return (Array.isArray(images) ? urlOf(images[0]) : undefined) ?? urlOf(data.image) ?? urlOf(data.video);
}

/** fal's safety checker flagged the (first, and only) image: has_nsfw_concepts is one flag per image. */
function flagged(data: Record<string, unknown>): boolean {
  const nsfw = data.has_nsfw_concepts;
  return nsfw === true || (Array.isArray(nsfw) && nsfw[0] === true);
}

/** The last "NN%" a model printed in its logs, as 0-1. */
function progressFromLogs(logs: QueueStatus['logs']): number | undefined {
  const text = (logs ?? []).map((l) => l.message ?? '').join('\n');
  const all = [...text.matchAll(/(\d{1,3})%/g)];
  const last = all[all.length - 1]?.[1];
  return last === undefined ? undefined : Math.min(100, Number(last)) / 100;
}

/** What fal serves for a type/model here. */
export function falServes(contentType: ContentType, model: string): boolean {
  return `${contentType}/${model}` in FAL_MODELS;
}
