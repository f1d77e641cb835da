/**
 * The hosted generation provider: Replicate's predictions HTTP API.
 *
 * A prediction is created (POST /v1/models/{owner}/{name}/predictions for official models, POST
 * /v1/predictions with a version for versioned ones), polled (GET /v1/predictions/{id}) until it
 * succeeds, fails or is cancelled, and its output file is downloaded and turned into the asset
 * roles the worker stores. We never send `Prefer: wait`: a blocking create that is aborted before
 * it answers leaves a prediction running (and billed) whose id we never learnt, so we could not
 * cancel it. Aborting a call cancels the prediction (POST /v1/predictions/{id}/cancel).
 *
 * Safety: a prediction that failed on the model's NSFW check left no file and is a content-policy
 * refusal. A model whose output reports its own safety check (`nsfw`, `nsfw_content_detected` or
 * `has_nsfw_concepts` beside the files, one flag per file or one for all) has its flagged result
 * kept and reported to the worker (flaggedMature), which stores the item rated mature for good.
 *
 * Edits: an upscale of a photo or illustration runs Recraft Crisp Upscale; crop, recolour and the
 * upscale of other types are exact operations done with the local renderer's editor; a variation
 * is a new prediction with the source as reference image.
 */
import { MODELS_BY_TYPE, type ContentType } from '@atelier/shared';
import { fileTypeFromBuffer } from 'file-type';
import {
  ProviderError,
  type EditInput,
  type GenerationInput,
  type GenerationOutput,
  type GenerationProvider,
  type ProviderCallOptions,
} from '../types.js';
import { CallContext } from '../local/call-context.js';
import { editContent } from '../local/edit.js';
import { bundledFfmpegPath } from '../local/ffmpeg.js';
import { requestedAspect, toAssets, type AspectRatio } from '../hosted/assets.js';
import { waitForJob } from '../hosted/wakeups.js';
import { callScope, isPolicyText, refusal, vendorFetch } from '../hosted/http.js';

export interface ReplicateProviderOptions {
  apiToken: string;
  /** Default https://api.replicate.com */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Time between status checks, default 1000 ms. */
  pollIntervalMs?: number;
  /** ffmpeg for video posters and GIF conversion; default the bundled binary. */
  ffmpegPath?: string;
  /** First backoff step of retries without a Retry-After; default 1000 ms. */
  backoffMs?: number;
  /** Set when webhooks are on: Replicate calls it when a prediction completes; polling slows to every 10 s. */
  webhookUrl?: string;
}

interface RouteInput {
  prompt: string;
  seed: number;
  /** Variation strength 0-100. */
  strength: number;
  aspect: AspectRatio;
  /** A reference image as a data URI or a Replicate file URL. */
  image?: string;
  /** What to keep out (sent only by routes whose model has a field for it). */
  negativePrompt?: string;
}

interface Route {
  /** owner/name of the hosted model. */
  model: string;
  /** Set for community models, which run by version (POST /v1/predictions). */
  version?: string;
  /** What the output file is turned into: the image as is, or a video; `gif` converts a video clip. */
  output: 'image' | 'svg' | 'video' | 'gif';
  /** Whether the model takes a reference image; if not, one given is not sent. */
  takesImage: boolean;
  /** The model to run instead when a reference image is given (a redux variation of it). */
  withImage?: Route;
  input(i: RouteInput): Record<string, unknown>;
}

const negative = (text: string | undefined) => (text ? { negative_prompt: text } : {});

/** prompt_strength in Replicate's img2img sense: 1 ignores the image. Our strength is "how different". */
const promptStrength = (strength: number) => Math.min(0.95, Math.max(0.05, strength / 100));

const SDXL_SIZES: Record<AspectRatio, [number, number]> = {
  '1:1': [1024, 1024],
  '16:9': [1344, 768],
  '9:16': [768, 1344],
  '3:2': [1216, 832],
  '2:3': [832, 1216],
  '4:3': [1152, 896],
  '3:4': [896, 1152],
};

const RECRAFT_SIZES: Record<AspectRatio, string> = {
  '1:1': '1024x1024',
  '16:9': '1820x1024',
  '9:16': '1024x1820',
  '3:2': '1536x1024',
  '2:3': '1024x1536',
  '4:3': '1365x1024',
  '3:4': '1024x1365',
};

/**
 * Catalogue model (per content type) → hosted model on Replicate, with its input fields. Runway
 * and Pika are not hosted on Replicate: Runway Gen-3 runs as Kling v2.0 (cinematic text/image to
 * video) and Pika as PixVerse v4 (fast, stylised clips). The catalogue's default model
 * (stable-diffusion-xl) only makes stills, so for loops and GIFs it runs Luma Ray Flash 2 in loop
 * mode (a GIF is converted from its clip) and for vectors Recraft V3 SVG, which writes real SVG.
 */
export const REPLICATE_MODELS: Record<string, Route> = {
  'photo/flux-pro': {
    model: 'black-forest-labs/flux-1.1-pro',
    output: 'image',
    takesImage: true,
    input: ({ prompt, seed, aspect, image }) => ({
      prompt,
      seed,
      aspect_ratio: aspect,
      output_format: 'png',
      safety_tolerance: 2,
      ...(image ? { image_prompt: image } : {}),
    }),
  },
  'photo/flux-dev': {
    model: 'black-forest-labs/flux-dev',
    output: 'image',
    takesImage: true,
    input: ({ prompt, seed, aspect, image, strength }) => ({
      prompt,
      seed,
      aspect_ratio: aspect,
      output_format: 'png',
      num_outputs: 1,
      // go_fast outputs are not reproducible even with a seed.
      go_fast: false,
      ...(image ? { image, prompt_strength: promptStrength(strength) } : {}),
    }),
  },
  'photo/flux-schnell': {
    model: 'black-forest-labs/flux-schnell',
    output: 'image',
    takesImage: false,
    withImage: {
      model: 'black-forest-labs/flux-redux-schnell',
      output: 'image',
      takesImage: true,
      input: ({ seed, aspect, image }) => ({ redux_image: image, seed, aspect_ratio: aspect, output_format: 'png', num_outputs: 1 }),
    },
    input: ({ prompt, seed, aspect }) => ({ prompt, seed, aspect_ratio: aspect, output_format: 'png', num_outputs: 1 }),
  },
  'illustration/stable-diffusion-xl': {
    model: 'stability-ai/sdxl',
    version: '7762fd07cf82c948538e41f63f77d685e02b063e37e496e96eefd46c929f9bdc',
    output: 'image',
    takesImage: true,
    input: ({ prompt, seed, aspect, image, strength, negativePrompt }) => ({
      prompt,
      ...negative(negativePrompt),
      seed,
      width: SDXL_SIZES[aspect][0],
      height: SDXL_SIZES[aspect][1],
      num_outputs: 1,
      apply_watermark: false,
      ...(image ? { image, prompt_strength: promptStrength(strength) } : {}),
    }),
  },
  'vector/stable-diffusion-xl': {
    model: 'recraft-ai/recraft-v3-svg',
    output: 'svg',
    takesImage: false,
    input: ({ prompt, aspect }) => ({ prompt, size: RECRAFT_SIZES[aspect], style: 'any' }),
  },
  'loops/stable-diffusion-xl': {
    model: 'luma/ray-flash-2-540p',
    output: 'video',
    takesImage: true,
    input: ({ prompt, aspect, image }) => ({
      prompt,
      loop: true,
      duration: 5,
      aspect_ratio: aspect,
      ...(image ? { start_image_url: image } : {}),
    }),
  },
  'gif/stable-diffusion-xl': {
    model: 'luma/ray-flash-2-540p',
    output: 'gif',
    takesImage: true,
    input: ({ prompt, aspect, image }) => ({
      prompt,
      loop: true,
      duration: 5,
      aspect_ratio: aspect,
      ...(image ? { start_image_url: image } : {}),
    }),
  },
  'video/runway-gen3': {
    model: 'kwaivgi/kling-v2.0',
    output: 'video',
    takesImage: true,
    input: ({ prompt, aspect, image }) => ({
      prompt,
      aspect_ratio: aspect,
      duration: 5,
      cfg_scale: 0.5,
      ...(image ? { start_image: image } : {}),
    }),
  },
  'video/luma-dream': {
    model: 'luma/ray',
    output: 'video',
    takesImage: true,
    input: ({ prompt, aspect, image }) => ({
      prompt,
      aspect_ratio: aspect,
      ...(image ? { start_image_url: image } : {}),
    }),
  },
  'video/pika-labs': {
    model: 'pixverse/pixverse-v4',
    output: 'video',
    takesImage: true,
    input: ({ prompt, seed, aspect, image, negativePrompt }) => ({
      prompt,
      ...negative(negativePrompt),
      seed,
      quality: '720p',
      duration: 5,
      aspect_ratio: aspect,
      ...(image ? { image } : {}),
    }),
  },
};

/** Upscale edits of photos and illustrations: Recraft Crisp Upscale (an official model). */
export const REPLICATE_UPSCALER: Route = {
  model: 'recraft-ai/recraft-crisp-upscale',
  output: 'image',
  takesImage: true,
  input: ({ image }) => ({ image }),
};

interface Prediction {
  id: string;
  status: 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled' | 'aborted';
  output?: unknown;
  error?: unknown;
  logs?: string | null;
}

const TERMINAL = new Set(['succeeded', 'failed', 'canceled', 'aborted']);
/** Files up to this size travel inline as data URIs (Replicate's advice); bigger ones are uploaded. */
const INLINE_LIMIT = 1024 * 1024;

export function createReplicateProvider(opts: ReplicateProviderOptions): GenerationProvider {
  const baseUrl = (opts.baseUrl ?? 'https://api.replicate.com').replace(/\/+$/, '');
  const doFetch = opts.fetch ?? fetch;
  // API calls share the hosted vendors' policy: safe retries, Retry-After, one wording of failures.
  const apiFetch = vendorFetch({ vendor: 'Replicate', fetch: opts.fetch, backoffMs: opts.backoffMs });
  const pollIntervalMs = opts.pollIntervalMs ?? (opts.webhookUrl ? 10_000 : 1000);
  const hook = opts.webhookUrl ? { webhook: opts.webhookUrl, webhook_events_filter: ['completed'] } : {};
  const ffmpeg = () => (opts.ffmpegPath ? Promise.resolve(opts.ffmpegPath) : bundledFfmpegPath());

  /** One API call; HTTP failures become ProviderErrors that say what to do about them. */
  async function api<T>(
    path: string,
    ctx: CallContext,
    init: { method: string; body?: unknown; form?: FormData },
  ): Promise<T> {
    const headers: Record<string, string> = { Authorization: `Bearer ${opts.apiToken}` };
    let body: string | FormData | undefined;
    if (init.form) body = init.form;
    else if (init.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(init.body);
    }
    let response: Response;
    try {
      response = await apiFetch(`${baseUrl}${path}`, {
        method: init.method,
        headers,
        body,
        signal: AbortSignal.any([ctx.signal, AbortSignal.timeout(60_000)]),
      });
    } catch (error) {
      if (ctx.signal.aborted) throw ctx.abortError();
      if (error instanceof ProviderError) throw error;
      throw new ProviderError(
        `Could not reach Replicate: ${error instanceof Error ? error.message : String(error)}`,
        true,
      );
    }
    const text = await response.text().catch(() => '');
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new ProviderError('Replicate answered with something that is not JSON', true);
    }
  }

  async function referenceUrl(image: { data: Buffer; mimeType: string }, ctx: CallContext): Promise<string> {
    const mime = (await fileTypeFromBuffer(image.data))?.mime ?? image.mimeType;
    if (image.data.length <= INLINE_LIMIT) return `data:${mime};base64,${image.data.toString('base64')}`;
    const form = new FormData();
    form.append(
      'content',
      new Blob([new Uint8Array(image.data)], { type: mime }),
      `reference.${mime.split('/')[1] ?? 'bin'}`,
    );
    const file = await api<{ urls?: { get?: string } }>('/v1/files', ctx, { method: 'POST', form });
    if (!file.urls?.get)
      throw new ProviderError('Replicate did not return a URL for the uploaded reference image', true);
    return file.urls.get;
  }

  async function cancel(id: string): Promise<void> {
    // Best effort, on its own clock: the call's own signal is already aborted.
    await doFetch(`${baseUrl}/v1/predictions/${encodeURIComponent(id)}/cancel`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${opts.apiToken}` },
      signal: AbortSignal.timeout(10_000),
    }).catch(() => undefined);
  }

  async function run(route: Route, input: Record<string, unknown>, ctx: CallContext): Promise<Prediction> {
    const [owner, name] = route.model.split('/');
    const created = route.version
      ? await api<Prediction>('/v1/predictions', ctx, {
          method: 'POST',
          body: { version: route.version, input, ...hook },
        })
      : await api<Prediction>(`/v1/models/${owner}/${name}/predictions`, ctx, {
          method: 'POST',
          body: { input, ...hook },
        });
    if (!created.id) throw new ProviderError('Replicate did not return a prediction id', true);
    ctx.progress(8);
    let prediction = created;
    let creep = 8;
    let failures = 0;
    try {
      while (!TERMINAL.has(prediction.status)) {
        // A verified webhook (generation.webhooks.ts) ends the wait early.
        await waitForJob('replicate', created.id, pollIntervalMs, ctx.signal);
        ctx.check();
        try {
          prediction = await api<Prediction>(`/v1/predictions/${encodeURIComponent(created.id)}`, ctx, {
            method: 'GET',
          });
          failures = 0;
        } catch (error) {
          // A dropped poll is not a failed prediction: retry transient errors a few times.
          if (error instanceof ProviderError && error.retryable && !ctx.signal.aborted && ++failures < 4) continue;
          throw error;
        }
        const reported = progressFromLogs(prediction.logs);
        creep = reported === undefined ? creep + (80 - creep) * 0.08 : 10 + reported * 0.7;
        ctx.progress(creep);
      }
    } catch (error) {
      if (ctx.signal.aborted) {
        await cancel(created.id);
        throw ctx.abortError();
      }
      throw error;
    }
    if (prediction.status === 'failed' && typeof prediction.error === 'string' && isPolicyText(prediction.error)) {
      throw refusal('Replicate', prediction.error);
    }
    if (prediction.status === 'failed') {
      throw new ProviderError(
        typeof prediction.error === 'string' && prediction.error
          ? prediction.error
          : 'The model failed without giving a reason',
      );
    }
    if (prediction.status !== 'succeeded') throw new ProviderError('The prediction was cancelled on Replicate');
    return prediction;
  }

  async function download(url: string, ctx: CallContext): Promise<Buffer> {
    let response: Response;
    try {
      // Output files are served from Replicate's CDN: never send the API token along.
      response = await doFetch(url, { signal: AbortSignal.any([ctx.signal, AbortSignal.timeout(300_000)]) });
    } catch (error) {
      if (ctx.signal.aborted) throw ctx.abortError();
      throw new ProviderError(
        `Could not download the result from Replicate: ${error instanceof Error ? error.message : String(error)}`,
        true,
      );
    }
    if (!response.ok)
      throw new ProviderError(
        `Could not download the result from Replicate (${response.status})`,
        response.status >= 500,
      );
    return Buffer.from(await response.arrayBuffer());
  }

  async function generate(input: GenerationInput, ctx: CallContext, textRoute: Route): Promise<GenerationOutput> {
    ctx.check();
    ctx.progress(2);
    const route = input.referenceImage && textRoute.withImage ? textRoute.withImage : textRoute;
    const image = input.referenceImage && route.takesImage ? await referenceUrl(input.referenceImage, ctx) : undefined;
    const aspect = requestedAspect(input);
    const prediction = await run(
      route,
      route.input({ prompt: input.prompt, seed: input.seed, strength: input.strength, aspect, image, negativePrompt: input.negativePrompt }),
      ctx,
    );
    const url = firstUrl(prediction.output);
    if (!url) throw new ProviderError('Replicate returned no output file');
    const data = await download(url, ctx);
    ctx.progress(85);
    const output = await toAssets(data, route.output, 'Replicate', input.contentType, ctx, ffmpeg);
    ctx.progress(100);
    return flaggedNsfw(prediction.output) ? { ...output, flaggedMature: true } : output;
  }

  /** A photo or illustration upscaled by Recraft Crisp Upscale; other sources are upscaled locally. */
  async function upscale(input: EditInput, ctx: CallContext): Promise<GenerationOutput | undefined> {
    if (input.contentType !== 'photo' && input.contentType !== 'illustration') return undefined;
    const type = await fileTypeFromBuffer(input.source.data);
    if (!type || !['image/png', 'image/jpeg', 'image/webp'].includes(type.mime)) return undefined;
    const image = await referenceUrl({ data: input.source.data, mimeType: type.mime }, ctx);
    const prediction = await run(
      REPLICATE_UPSCALER,
      REPLICATE_UPSCALER.input({ prompt: '', seed: input.seed, strength: 0, aspect: '1:1', image }),
      ctx,
    );
    const url = firstUrl(prediction.output);
    if (!url) throw new ProviderError('Replicate returned no output file');
    const data = await download(url, ctx);
    ctx.progress(85);
    const output = await toAssets(data, REPLICATE_UPSCALER.output, 'Replicate', input.contentType, ctx, ffmpeg);
    return flaggedNsfw(prediction.output) ? { ...output, flaggedMature: true } : output;
  }

  function routeFor(contentType: ContentType, model: string): Route {
    const route = REPLICATE_MODELS[`${contentType}/${model}`];
    if (!route) throw new ProviderError(`The model ${model} is not available for ${contentType} on Replicate`);
    return route;
  }

  return {
    name: 'replicate',

    async generate(input: GenerationInput, callOptions: ProviderCallOptions): Promise<GenerationOutput> {
      const ctx = new CallContext(callOptions, 'Generation');
      return callScope.run({ signal: callOptions.signal, deadline: callOptions.deadline }, () =>
        guard(ctx, () => generate(input, ctx, routeFor(input.contentType, input.model))),
      );
    },

    async edit(input: EditInput, callOptions: ProviderCallOptions): Promise<GenerationOutput> {
      const ctx = new CallContext(callOptions, 'Edit');
      return callScope.run({ signal: callOptions.signal, deadline: callOptions.deadline }, () =>
        guard(ctx, async () => {
          ctx.check();
          const upscaled = input.operation === 'upscale' ? await upscale(input, ctx) : undefined;
          if (upscaled) {
            ctx.progress(100);
            return upscaled;
          }
          const output = await editContent(input, ctx, ffmpeg, (request) => {
            // The source says nothing about its model: a variation uses the type's first catalogue model.
            const model = MODELS_BY_TYPE[request.contentType][0]?.id ?? request.model;
            return generate({ ...request, model }, ctx, routeFor(request.contentType, model));
          });
          ctx.progress(100);
          return output;
        }),
      );
    },
  };
}

/** Where a model's output names its files when it is an object: beside its safety flags. */
const FILE_FIELDS = ['output', 'images', 'image', 'video'] as const;
/** The flags a model's own safety check reports beside its files. */
const NSFW_FIELDS = ['nsfw', 'nsfw_content_detected', 'has_nsfw_concepts'] as const;

function firstUrl(output: unknown): string | undefined {
  if (typeof output === 'string') return output;
  if (Array.isArray(output)) return output.find((o): o is string => typeof o === 'string');
  if (output && typeof output === 'object') {
    for (const field of FILE_FIELDS) {
      const url = firstUrl((output as Record<string, unknown>)[field]);
      if (url) return url;
    }
  }
  return undefined;
}

/** The model's safety check flagged the file we keep (the first): one flag per file, or one for all. */
function flaggedNsfw(output: unknown): boolean {
  if (!output || typeof output !== 'object' || Array.isArray(output)) return false;
  return NSFW_FIELDS.some((field) => {
    const flag = (output as Record<string, unknown>)[field];
    return flag === true || (Array.isArray(flag) && flag[0] === true);
  });
}

/** The last "NN%" a model printed (tqdm progress bars), if any. */
function progressFromLogs(logs: string | null | undefined): number | undefined {
  if (!logs) return undefined;
  const all = [...logs.matchAll(/(\d{1,3})%\|/g)];
  const last = all[all.length - 1]?.[1];
  return last === undefined ? undefined : Math.min(100, Number(last));
}

async function guard<T>(ctx: CallContext, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (ctx.signal.aborted) throw ctx.abortError();
    if (error instanceof ProviderError) throw error;
    throw new ProviderError(`The Replicate provider failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
