import sharp from 'sharp';
import type { GeneratedAsset, GenerationOutput } from '../types.js';
import type { CallContext } from './call-context.js';
import { describe, withGifComment, type RenderInfo } from './embedded-text.js';
import { encodeMp4 } from './ffmpeg.js';
import {
  blendReference,
  coverReference,
  drawOver,
  halve,
  mergeOver,
  prepare,
  rasterize,
  rawInput,
  windowOf,
  zoomCentre,
  type PreparedRaster,
  type Raster,
} from './raster.js';
import { buildScene, partToSvg, type RenderStyle, type Scene, type SceneItem } from './scene.js';
import { canvasSize, type Setup } from './setup.js';
import { THUMBNAIL_SIZE, webpPreview } from './stills.js';

/** A scene split into separately rasterised layers, ready to be re-composited at any moment. */
export interface Animation {
  scene: Scene;
  background: Raster;
  parts: Array<{ item: SceneItem; raster: PreparedRaster }>;
  overlay?: PreparedRaster;
  reference?: { rgb: Buffer; blend: number };
}

export async function prepareAnimation(
  scene: Scene,
  setup: Setup,
  options: { overscan: number; camera: boolean },
): Promise<Animation> {
  const { width: W, height: H } = scene;
  const [background, rasters, reference] = await Promise.all([
    rasterize(partToSvg(scene, scene.background, W + options.overscan, H)),
    Promise.all(
      scene.items.map((item) =>
        rasterize(
          item.type === 'layer'
            ? partToSvg(scene, item.body, W + item.extraWidth, H, item.margin)
            : partToSvg(scene, item.body, item.width, item.height),
        ),
      ),
    ),
    setup.reference ? coverReference(setup.reference.data, W, H) : undefined,
  ]);
  const parts: Animation['parts'] = [];
  scene.items.forEach((item, i) => {
    const raster = rasters[i] as Raster;
    const previous = parts[parts.length - 1];
    // Without a camera, neighbouring still layers never move apart: composite them once.
    if (
      !options.camera &&
      isStill(item) &&
      previous &&
      isStill(previous.item) &&
      previous.raster.width === raster.width
    ) {
      mergeOver(previous.raster, raster);
      return;
    }
    parts.push({ item, raster: { ...raster, runs: [] } });
  });
  for (const part of parts) part.raster = prepare(part.raster);
  return {
    scene,
    background,
    parts,
    overlay: scene.overlay ? prepare(await rasterize(partToSvg(scene, scene.overlay, W, H))) : undefined,
    reference: reference && setup.reference ? { rgb: reference, blend: setup.reference.blend } : undefined,
  };
}

function isStill(item: SceneItem): boolean {
  return item.type === 'layer' && item.motion.kind === 'static';
}

const TAU = Math.PI * 2;

/**
 * The scene at moment `t` (0→1 is one loop; every motion is periodic in it) with the camera
 * panned `pan` px at depth 1.
 */
export function renderFrame(anim: Animation, t: number, pan = 0): Raster {
  const { width: W, height: H } = anim.scene;
  const frame = windowOf(anim.background, 0, W, H);
  for (const { item, raster } of anim.parts) {
    const parallax = Math.round(pan * item.depth);
    if (item.type === 'sprite') {
      const { rx, ry, phase, turns } = item.orbit;
      const a = TAU * turns * t + phase;
      const dx = rx * (Math.cos(a) - Math.cos(phase));
      const dy = ry * (Math.sin(a) - Math.sin(phase));
      drawOver(frame, raster, item.x + Math.round(dx) - parallax, item.y + Math.round(dy));
      continue;
    }
    const m = item.motion;
    if (m.kind === 'drift') {
      const period = Math.round(m.period);
      const offset = ((Math.round(m.cycles * period * t) % period) + period) % period;
      drawOver(frame, raster, -(offset + parallax), 0);
    } else if (m.kind === 'sway') {
      const a = TAU * m.cycles * t + m.phase;
      const dx = m.dx * (Math.sin(a) - Math.sin(m.phase));
      const dy = m.dy * (Math.cos(a) - Math.cos(m.phase));
      drawOver(frame, raster, Math.round(dx) - parallax - item.margin, Math.round(dy));
    } else if (m.kind === 'pulse') {
      drawOver(frame, raster, -parallax, 0, 1 - (m.amount * (1 - Math.cos(TAU * m.cycles * t + m.phase))) / 2);
    } else {
      drawOver(frame, raster, -parallax, 0);
    }
  }
  if (anim.overlay) drawOver(frame, anim.overlay, 0, 0);
  if (anim.reference) blendReference(frame, anim.reference.rgb, anim.reference.blend);
  return frame;
}

function sceneFor(setup: Setup, type: 'gif' | 'loops' | 'video', style: RenderStyle, overscan: number): Scene {
  const { width, height } = canvasSize(type, setup.aspect, setup.ratio);
  const spec = { width, height, style, overscan, detail: setup.detail, allowEmblem: false, animated: true };
  return buildScene(setup.theme, setup.dice.fork('scene'), spec, setup.palette);
}

function mp4Tags(info: RenderInfo): Array<[string, string]> {
  return [
    ['title', info.prompt],
    ['comment', describe(info)],
  ];
}

const GIF_FRAMES = 20;
const GIF_DELAY_MS = 70;

/** A looping animated GIF (flat, illustration-style colours quantise cleanly) with its prompt in a comment block. */
export async function renderGif(setup: Setup, ctx: CallContext): Promise<GenerationOutput> {
  const scene = sceneFor(setup, 'gif', 'illustration', 0);
  const anim = await prepareAnimation(scene, setup, { overscan: 0, camera: false });
  ctx.progress(25);
  const { width: W, height: H } = scene;
  const stack = Buffer.allocUnsafe(W * H * 4 * GIF_FRAMES);
  for (let i = 0; i < GIF_FRAMES; i++) {
    ctx.check();
    renderFrame(anim, i / GIF_FRAMES).data.copy(stack, i * W * H * 4);
    ctx.progress(25 + (35 * (i + 1)) / GIF_FRAMES);
  }
  const frames = () => sharp(stack, { raw: { width: W, height: H * GIF_FRAMES, channels: 4, pageHeight: H } });
  const delay = Array<number>(GIF_FRAMES).fill(GIF_DELAY_MS);
  const [gif, preview, thumbnail] = await Promise.all([
    frames().gif({ loop: 0, delay, effort: 1, dither: 0, keepDuplicateFrames: true }).toBuffer(),
    frames().webp({ loop: 0, delay, quality: 80, effort: 2 }).toBuffer(),
    firstFrameThumbnail(stack, W, H),
  ]);
  ctx.check();
  ctx.progress(95);
  return {
    assets: [
      { role: 'original', mimeType: 'image/gif', ext: 'gif', data: withGifComment(gif, describe(setup.info)) },
      { role: 'preview', mimeType: 'image/webp', ext: 'webp', data: preview },
      { role: 'thumbnail', mimeType: 'image/webp', ext: 'webp', data: thumbnail },
    ],
    width: W,
    height: H,
    durationMs: GIF_FRAMES * GIF_DELAY_MS,
  };
}

function firstFrameThumbnail(rgba: Buffer, width: number, height: number): Promise<Buffer> {
  return webpPreview(
    sharp(rgba.subarray(0, width * height * 4), { raw: { width, height, channels: 4 } }).removeAlpha(),
    THUMBNAIL_SIZE,
    76,
  );
}

function posterAssets(first: Raster): Promise<GeneratedAsset[]> {
  const image = () => sharp(first.data, rawInput(first)).removeAlpha();
  return Promise.all([
    image().jpeg({ quality: 85, mozjpeg: true }).toBuffer(),
    webpPreview(image(), THUMBNAIL_SIZE, 76),
  ]).then(([poster, thumbnail]) => [
    { role: 'poster', mimeType: 'image/jpeg', ext: 'jpg', data: poster },
    { role: 'thumbnail', mimeType: 'image/webp', ext: 'webp', data: thumbnail },
  ]);
}

const LOOP_FPS = 24;
const LOOP_FRAMES = 72;

/** A seamless 3 s loop: every motion completes whole cycles, so frame N would be frame 0 again. */
export async function renderLoop(setup: Setup, ffmpeg: string, ctx: CallContext): Promise<GenerationOutput> {
  const scene = sceneFor(setup, 'loops', 'photo', 0);
  const anim = await prepareAnimation(scene, setup, { overscan: 0, camera: false });
  ctx.progress(20);
  const { width: W, height: H } = scene;
  const first = renderFrame(anim, 0);
  const small = halve(first);
  // The preview runs at half size and half rate (12 fps): a card-sized hint, a fraction of the bytes.
  const previewFrames = LOOP_FRAMES / 2;
  const previewStack = Buffer.allocUnsafe(small.width * small.height * 4 * previewFrames);
  async function* frames() {
    for (let i = 0; i < LOOP_FRAMES; i++) {
      const frame = i === 0 ? first : renderFrame(anim, i / LOOP_FRAMES);
      if (i % 2 === 0) halve(frame).data.copy(previewStack, (i / 2) * small.width * small.height * 4);
      ctx.progress(20 + (65 * (i + 1)) / LOOP_FRAMES);
      yield frame.data;
    }
  }
  const mp4 = await encodeMp4(
    ffmpeg,
    frames(),
    { width: W, height: H, fps: LOOP_FPS, crf: 20, metadata: mp4Tags(setup.info) },
    ctx,
  );
  const delay = Array<number>(previewFrames).fill(Math.round(2000 / LOOP_FPS));
  const [preview, stills] = await Promise.all([
    sharp(previewStack, {
      raw: { width: small.width, height: small.height * previewFrames, channels: 4, pageHeight: small.height },
    })
      .webp({ loop: 0, delay, quality: 70, effort: 1 })
      .toBuffer(),
    posterAssets(first),
  ]);
  ctx.check();
  ctx.progress(97);
  return {
    assets: [
      { role: 'original', mimeType: 'video/mp4', ext: 'mp4', data: mp4 },
      { role: 'preview', mimeType: 'image/webp', ext: 'webp', data: preview },
      ...stills,
    ],
    width: W,
    height: H,
    durationMs: Math.round((LOOP_FRAMES / LOOP_FPS) * 1000),
  };
}

const VIDEO_FPS = 24;
const VIDEO_SECONDS = 4;

/** Camera style per video model: how far it travels (share of the width) and how much it zooms. */
const CAMERA: Record<string, { travel: number; zoom: number }> = {
  'runway-gen3': { travel: 0.1, zoom: 0.12 },
  'luma-dream': { travel: 0.14, zoom: 0.08 },
  'pika-labs': { travel: 0.2, zoom: 0.06 },
};

/** A 4 s clip: the camera trucks across parallax layers and slowly pushes in (or pulls out). */
export async function renderVideo(setup: Setup, ffmpeg: string, ctx: CallContext): Promise<GenerationOutput> {
  const camera = CAMERA[setup.info.model] ?? { travel: 0.14, zoom: 0.08 };
  const { width: W } = canvasSize('video', setup.aspect, setup.ratio);
  const overscan = Math.round(W * camera.travel);
  const scene = sceneFor(setup, 'video', 'photo', overscan);
  const anim = await prepareAnimation(scene, setup, { overscan, camera: true });
  ctx.progress(15);
  const H = scene.height;
  const moves = setup.dice.fork('camera');
  const rightwards = moves.chance(0.5);
  const pushIn = moves.chance(0.65);
  const total = VIDEO_FPS * VIDEO_SECONDS;
  const ease = (t: number) => (1 - Math.cos(Math.PI * t)) / 2;
  let first: Raster | undefined;
  async function* frames() {
    for (let i = 0; i < total; i++) {
      const t = i / (total - 1);
      const pan = overscan * (rightwards ? ease(t) : 1 - ease(t));
      const zoom = 1 + camera.zoom * (pushIn ? ease(t) : 1 - ease(t));
      // Scene motions (waves, drifting clouds) run at the loop speed: one cycle per 3 s.
      const frame = zoomCentre(renderFrame(anim, i / VIDEO_FPS / 3, pan), zoom);
      if (i === 0) first = frame;
      ctx.progress(15 + (75 * (i + 1)) / total);
      yield frame.data;
    }
  }
  const mp4 = await encodeMp4(
    ffmpeg,
    frames(),
    { width: W, height: H, fps: VIDEO_FPS, crf: 21, metadata: mp4Tags(setup.info) },
    ctx,
  );
  const stills = await posterAssets(first as Raster);
  ctx.progress(97);
  return {
    assets: [{ role: 'original', mimeType: 'video/mp4', ext: 'mp4', data: mp4 }, ...stills],
    width: W,
    height: H,
    durationMs: VIDEO_SECONDS * 1000,
  };
}
