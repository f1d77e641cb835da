/**
 * # Atelier's local renderer
 *
 * The embedded generation provider: it makes real files on this machine, with no network and no
 * model weights. It is a procedural stand-in, **not an AI model** — every file it writes says so
 * in its metadata ("rendered by Atelier's local renderer").
 *
 * - Deterministic: the same (prompt, model, seed, strength) gives the same bytes. A PRNG seeded
 *   from sha256 of those values drives every choice; strength sets how far the seed may move the
 *   picture away from what the prompt alone decides.
 * - Prompt-led: words pick the palette and the motifs (ocean → blue water and waves, forest →
 *   greens and pines, sunset → warm sky and a sun, neon → magenta light and a grid floor, night →
 *   dark sky, stars and a moon, …); words without a rule still pick a colour by hashing.
 * - A reference image tints the palette and is blended into the frames, more strongly at low
 *   strength.
 *
 * What each content type produces (roles as in ../types.ts):
 *
 * | type         | original                                        | preview                 | thumbnail | poster |
 * |--------------|-------------------------------------------------|-------------------------|-----------|--------|
 * | photo        | PNG ≥1024 px long side; iTXt prompt/model/seed  | WebP 768                | WebP 320  |        |
 * | illustration | PNG, flat fills, ink outlines, halftone; iTXt   | WebP 768                | WebP 320  |        |
 * | vector       | SVG with <title>, <desc>, <metadata>            | WebP 768                | WebP 320  |        |
 * | gif          | looping GIF, 20 frames × 70 ms, comment block   | animated WebP           | WebP 320  |        |
 * | loops        | seamless 3 s H.264 MP4, 24 fps, 768 px          | animated WebP, ½ size   | WebP 320  | JPEG   |
 * | video        | 4 s H.264 MP4 1280×720, parallax pan + zoom     | —                       | WebP 320  | JPEG   |
 *
 * Sizes follow a prompt cue (portrait/tall, square/logo, wide/panorama), else the seed.
 * MP4s are yuv420p, no audio, +faststart, with title (prompt) and comment (renderer, model, seed)
 * tags, and bit-exact (no encoder version or dates), so they too are reproducible.
 *
 * Edits: images and SVGs support upscale (2×, lanczos, at most 4096 px), crop (centred, to an
 * aspect such as 16:9), recolour (tint towards a hex colour, by strength) and variation (a
 * re-render with the source as reference image and the new seed). GIFs support all four frame by
 * frame. Videos and loops are re-encoded for upscale, crop and recolour; a variation re-renders
 * them from their first frame.
 */
import type {
  EditInput,
  GenerationInput,
  GenerationOutput,
  GenerationProvider,
  ProviderCallOptions,
} from '../types.js';
import { ProviderError } from '../types.js';
import { CallContext } from './call-context.js';
import { editContent } from './edit.js';
import { bundledFfmpegPath } from './ffmpeg.js';
import { renderGif, renderLoop, renderVideo } from './motion.js';
import { prepareRender, type RenderRequest } from './setup.js';
import { renderStill, renderVector } from './stills.js';

export interface LocalProviderOptions {
  /** Use this ffmpeg binary instead of the one bundled with @ffmpeg-installer/ffmpeg. */
  ffmpegPath?: string;
}

export function createLocalProvider(opts: LocalProviderOptions = {}): GenerationProvider {
  const ffmpeg = () => (opts.ffmpegPath ? Promise.resolve(opts.ffmpegPath) : bundledFfmpegPath());

  async function render(request: RenderRequest, ctx: CallContext): Promise<GenerationOutput> {
    ctx.check();
    ctx.progress(1);
    const setup = await prepareRender(request);
    ctx.check();
    ctx.progress(5);
    let output: GenerationOutput;
    switch (request.contentType) {
      case 'photo':
      case 'illustration':
        output = await renderStill(setup, request.contentType, ctx);
        break;
      case 'vector':
        output = await renderVector(setup, ctx);
        break;
      case 'gif':
        output = await renderGif(setup, ctx);
        break;
      case 'loops':
        output = await renderLoop(setup, await ffmpeg(), ctx);
        break;
      case 'video':
        output = await renderVideo(setup, await ffmpeg(), ctx);
        break;
      default:
        throw new ProviderError(`The local renderer cannot make ${String(request.contentType)} content`);
    }
    ctx.check();
    ctx.progress(100);
    return output;
  }

  return {
    name: 'local',

    async generate(input: GenerationInput, opts: ProviderCallOptions): Promise<GenerationOutput> {
      const ctx = new CallContext(opts, 'Generation');
      return guard(ctx, () => render(input, ctx));
    },

    async edit(input: EditInput, opts: ProviderCallOptions): Promise<GenerationOutput> {
      const ctx = new CallContext(opts, 'Edit');
      return guard(ctx, async () => {
        ctx.check();
        const output = await editContent(input, ctx, ffmpeg, (request) => render(request, ctx));
        ctx.check();
        ctx.progress(100);
        return output;
      });
    },
  };
}

/** Every failure leaves as a ProviderError; an abort wins over whatever error it caused. */
async function guard<T>(ctx: CallContext, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (ctx.signal.aborted) throw ctx.abortError();
    if (error instanceof ProviderError) throw error;
    const detail = error instanceof Error ? error.message : String(error);
    throw new ProviderError(`The local renderer failed: ${detail}`);
  }
}
