import { assertFormText, multipartFailure } from '../../platform/http/request-text.js';
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { DECODE_LIMIT, assertImagePixels, tileStill } from '../../platform/images.js';
import type { z } from 'zod';
import { UPLOAD_IMAGE_MAX_BYTES, UPLOAD_MODEL, UPLOAD_VIDEO_MAX_BYTES, uploadContentFields, type Content, type ContentType } from '@atelier/shared';
import type { AuthUser } from '../../platform/http/auth.js';
import { AppError, badRequest, storageUnavailable } from '../../platform/http/errors.js';
import { assertCategoryExists } from './content-community.service.js';
import { insertContent } from './content-items.repository.js';
import type { ContentDeps } from './content.service.js';
import { rejectBlockedText } from '../../platform/blocklist.js';
import { loadContentView } from './content.service.js';
import { contentKeyPrefix } from './content.view.js';
import { sanitizeSvg } from './svg-sanitizer.js';

const RASTER = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
const VIDEO = ['video/mp4', 'video/webm'];

/** Which detected formats each content type accepts. */
const ACCEPTS: Record<ContentType, string[]> = {
  photo: RASTER,
  illustration: [...RASTER, 'image/svg+xml'],
  gif: ['image/gif', 'image/webp'],
  vector: ['image/svg+xml'],
  video: VIDEO,
  loops: [...VIDEO, 'image/gif', 'image/webp'],
};

const EXT: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/svg+xml': 'svg',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
};

export interface UploadedFile {
  data: Buffer;
}

/**
 * What the bytes are, whatever the browser said, and the bytes to store; null when they are
 * nothing we accept. SVG has no magic number: it is parsed, and what is stored is the document
 * rebuilt from an allow-list (svg-sanitizer.ts), because the file is served from our own origin.
 */
export async function detectUpload(data: Buffer): Promise<{ mime: string; data: Buffer } | null> {
  const detected = await fileTypeFromBuffer(data);
  if (detected) return EXT[detected.mime] ? { mime: detected.mime, data } : null;
  // Only an image may be text; no reason to parse more than an image may weigh.
  if (data.length > UPLOAD_IMAGE_MAX_BYTES) throw new AppError(413, 'Images can be at most 10 MB');
  const svg = sanitizeSvg(data);
  if (svg.kind === 'unsafe') throw new AppError(415, 'SVG files with scripts or event handlers are not allowed');
  return svg.kind === 'ok' ? { mime: 'image/svg+xml', data: svg.svg } : null;
}

function fieldErrors(error: z.ZodError): AppError {
  const details = error.issues.map((i) => ({ path: ['body', ...i.path.map(String)].join('.'), message: i.message }));
  return badRequest(details[0]?.message ?? 'Invalid request', details);
}

export async function readUploadForm(request: FastifyRequest): Promise<{ fields: Record<string, string>; file: Buffer | null }> {
  if (!request.isMultipart()) throw new AppError(415, 'Please upload the file as multipart/form-data');
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: UPLOAD_VIDEO_MAX_BYTES, files: 1 } })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === 'file' && data.length > 0) file = data;
      } else if (typeof part.value === 'string' || typeof part.value === 'number' || typeof part.value === 'boolean') {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    throw multipartFailure(err, { tooLarge: 'Videos can be at most 100 MB', oneFile: 'Please attach a single file' });
  }
  assertFormText(fields);
  return { fields, file };
}

async function webp(data: Buffer, size: number, animated: boolean): Promise<Buffer> {
  return sharp(data, { animated, ...DECODE_LIMIT })
    .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
}

/** POST /content: your own file becomes a ready content item (no credits involved). */
export async function uploadContent(
  deps: Pick<ContentDeps, 'db' | 'storage' | 'blocklist'>,
  viewer: AuthUser,
  form: { fields: Record<string, string>; file: Buffer | null },
): Promise<Content> {
  const parsed = uploadContentFields.safeParse(form.fields);
  if (!parsed.success) throw fieldErrors(parsed.error);
  const input = parsed.data;
  rejectBlockedText(deps.blocklist, [
    { label: 'title', path: 'body.title', text: input.title },
    { label: 'description', path: 'body.description', text: input.description },
    { label: 'tags', path: 'body.tags', text: input.tags },
  ]);
  if (!form.file) throw badRequest('Please choose a file to upload');
  const detected = await detectUpload(form.file);
  if (!detected) throw new AppError(415, 'Please upload a PNG, JPEG, WebP, GIF or SVG image, or an MP4 or WebM video');
  const { mime, data: file } = detected;
  if (!ACCEPTS[input.contentType].includes(mime)) {
    throw new AppError(415, `This file does not match the content type ${input.contentType}`);
  }
  const isVideo = mime.startsWith('video/');
  if (!isVideo && file.length > UPLOAD_IMAGE_MAX_BYTES) throw new AppError(413, 'Images can be at most 10 MB');
  if (!isVideo) await assertImagePixels(file);
  await assertCategoryExists(deps, input.categoryId);

  const id = randomUUID();
  const prefix = contentKeyPrefix(id);
  const mediaKey = `${prefix}original.${EXT[mime]}`;
  let previewKey: string | null = null;
  let thumbnailKey: string | null = null;
  let tileKey: string | null = null;
  let width: number | null = null;
  let height: number | null = null;
  // A store that does not answer is not a bad file: 503, and the person tries again.
  const store = async (key: string, data: Buffer, type: string) => {
    try {
      await deps.storage.put(key, data, type);
    } catch (err) {
      await deps.storage.delete(prefix).catch(() => undefined);
      throw storageUnavailable(err);
    }
  };
  if (!isVideo) {
    const animated = mime === 'image/gif' || mime === 'image/webp';
    let preview: Buffer;
    let thumb: Buffer;
    try {
      const meta = await sharp(file, DECODE_LIMIT).metadata();
      width = meta.width ?? null;
      height = meta.pageHeight ?? meta.height ?? null;
      [preview, thumb] = await Promise.all([webp(file, 768, animated), webp(file, 320, false)]);
    } catch {
      throw new AppError(415, 'This image could not be read');
    }
    previewKey = `${prefix}preview.webp`;
    thumbnailKey = `${prefix}thumbnail.webp`;
    await store(previewKey, preview, 'image/webp');
    await store(thumbnailKey, thumb, 'image/webp');
    const tile = await tileStill(file);
    if (tile) {
      tileKey = `${prefix}tile.webp`;
      await store(tileKey, tile, 'image/webp');
    }
  }
  await store(mediaKey, file, mime);
  try {
    await insertContent(deps.db, {
      id,
      userId: viewer.id,
      title: input.title,
      description: input.description ? input.description : null,
      prompt: '',
      model: UPLOAD_MODEL,
      contentType: input.contentType,
      status: 'ready',
      progress: 100,
      isPrivate: input.isPrivate,
      rating: input.rating,
      seed: 0,
      cost: 0,
      width,
      height,
      mediaKey,
      previewKey,
      thumbnailKey,
      tileKey,
      mimeType: mime,
      categoryId: input.categoryId ?? null,
      tags: input.tags ?? [],
      completedAt: new Date(),
    });
  } catch (err) {
    await deps.storage.delete(prefix).catch(() => undefined);
    throw err;
  }
  const view = await loadContentView(deps, id, viewer);
  if (!view) throw new AppError(500, 'Upload could not be saved');
  return view;
}
