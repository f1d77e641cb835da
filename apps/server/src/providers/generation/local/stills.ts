import sharp, { type Sharp } from 'sharp';
import type { GeneratedAsset, GenerationOutput } from '../types.js';
import type { CallContext } from './call-context.js';
import { describe, escapeXml, RENDERER_NAME, textEntries, withPngText, type RenderInfo } from './embedded-text.js';
import { addGrain, blendReference, coverReference, rasterize, rawInput, type Raster } from './raster.js';
import { buildScene, sceneToSvg, type RenderStyle } from './scene.js';
import { canvasSize, type Setup } from './setup.js';

export const PREVIEW_SIZE = 768;
export const THUMBNAIL_SIZE = 320;

/** A photo or illustration: a PNG original carrying its prompt, with WebP preview and thumbnail. */
export async function renderStill(
  setup: Setup,
  style: 'photo' | 'illustration',
  ctx: CallContext,
): Promise<GenerationOutput> {
  const { width, height } = canvasSize(style, setup.aspect, setup.ratio);
  const scene = buildScene(
    setup.theme,
    setup.dice.fork('scene'),
    { width, height, style, overscan: 0, detail: setup.detail, allowEmblem: true },
    setup.palette,
  );
  ctx.progress(15);
  const raster = await rasterize(sceneToSvg(scene));
  ctx.check();
  ctx.progress(55);
  if (setup.reference)
    blendReference(raster, await coverReference(setup.reference.data, width, height), setup.reference.blend);
  if (style === 'photo') addGrain(raster, `${setup.info.prompt}|${setup.info.seed}`, 9);
  ctx.check();
  const assets = await encodeImageAssets(raster, setup.info);
  ctx.progress(95);
  return { assets, width, height };
}

async function encodeImageAssets(raster: Raster, info: RenderInfo): Promise<GeneratedAsset[]> {
  const rgb = () => sharp(raster.data, rawInput(raster)).removeAlpha();
  const [png, preview, thumbnail] = await Promise.all([
    rgb().png({ compressionLevel: 6 }).toBuffer(),
    webpPreview(rgb(), PREVIEW_SIZE, 82),
    webpPreview(rgb(), THUMBNAIL_SIZE, 76),
  ]);
  return [
    { role: 'original', mimeType: 'image/png', ext: 'png', data: withPngText(png, textEntries(info)) },
    { role: 'preview', mimeType: 'image/webp', ext: 'webp', data: preview },
    { role: 'thumbnail', mimeType: 'image/webp', ext: 'webp', data: thumbnail },
  ];
}

export function webpPreview(image: Sharp, size: number, quality: number): Promise<Buffer> {
  return image
    .resize(size, size, { fit: 'inside', withoutEnlargement: true, kernel: 'lanczos3' })
    .webp({ quality })
    .toBuffer();
}

/** A standalone SVG document: title, desc and metadata say what made it. */
export async function renderVector(setup: Setup, ctx: CallContext): Promise<GenerationOutput> {
  const { width, height } = canvasSize('vector', setup.aspect, setup.ratio);
  const style: RenderStyle = 'vector';
  const scene = buildScene(
    setup.theme,
    setup.dice.fork('scene'),
    { width, height, style, overscan: 0, detail: setup.detail, allowEmblem: true },
    setup.palette,
  );
  ctx.progress(20);
  const svg = sceneToSvg(scene, svgHead(setup.info));
  ctx.check();
  return { assets: await vectorAssets(svg), width, height };
}

export function svgHead(info: RenderInfo): string {
  return (
    `<title>${escapeXml(info.prompt)}</title>` +
    `<desc>${escapeXml(describe(info))}</desc>` +
    `<metadata><atelier:render xmlns:atelier="urn:atelier:local-renderer" renderer="${escapeXml(RENDERER_NAME)}" ` +
    `model="${escapeXml(info.model)}" seed="${info.seed}" strength="${info.strength}">` +
    `<atelier:prompt>${escapeXml(info.prompt)}</atelier:prompt></atelier:render></metadata>`
  );
}

export async function vectorAssets(svg: string): Promise<GeneratedAsset[]> {
  const source = Buffer.from(svg, 'utf8');
  const [preview, thumbnail] = await Promise.all([
    webpPreview(sharp(source), PREVIEW_SIZE, 90),
    webpPreview(sharp(source), THUMBNAIL_SIZE, 82),
  ]);
  return [
    { role: 'original', mimeType: 'image/svg+xml', ext: 'svg', data: source },
    { role: 'preview', mimeType: 'image/webp', ext: 'webp', data: preview },
    { role: 'thumbnail', mimeType: 'image/webp', ext: 'webp', data: thumbnail },
  ];
}
