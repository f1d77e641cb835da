import { assertFormText, multipartFailure } from '../../platform/http/request-text.js';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { z } from 'zod';
import {
  IDEMPOTENCY_KEY_MAX_LENGTH,
  LIMITS,
  MSG,
  REFERENCE_IMAGE_MIME_TYPES,
  generateRequest,
  type AspectRatio,
  type ContentType,
} from '@atelier/shared';
import { AppError, badRequest } from '../../platform/http/errors.js';
import type { GenerateInput, ReferenceImage } from './generation.service.js';
import { assertImagePixels } from '../../platform/images.js';

const REFERENCE_FIELD = 'referenceImage';

/** The `Idempotency-Key` header: a retried submit with the same key is answered, not charged, again. */
export function idempotencyKey(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!value) return undefined;
  if (value.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
    throw badRequest(`Idempotency-Key must be at most ${IDEMPOTENCY_KEY_MAX_LENGTH} characters`);
  }
  return value;
}

/** Turns the parsed shared schema into the service input (the schema has already checked the pair). */
export function toGenerateInput(parsed: z.output<typeof generateRequest>): GenerateInput {
  return {
    contentType: parsed.contentType as ContentType,
    prompt: parsed.prompt,
    model: parsed.model || undefined,
    name: parsed.name || undefined,
    isPrivate: parsed.isPrivate,
    ...(parsed.rating ? { rating: parsed.rating } : {}),
    strength: parsed.strength,
    seed: parsed.seed,
    count: parsed.count,
    aspectRatio: parsed.aspectRatio as AspectRatio | undefined,
    negativePrompt: parsed.negativePrompt || undefined,
    categoryId: parsed.categoryId,
    tags: parsed.tags,
    remixOf: parsed.remixOf,
  };
}

function fieldErrors(error: z.ZodError): AppError {
  const details = error.issues.map((i) => ({ path: ['body', ...i.path.map(String)].join('.'), message: i.message }));
  return badRequest(details[0]?.message ?? 'Invalid request', details);
}

/** Judges the upload by its bytes, not by the name or type the browser claims. */
async function checkReferenceImage(data: Buffer): Promise<ReferenceImage> {
  const detected = await fileTypeFromBuffer(data);
  if (!detected || !(REFERENCE_IMAGE_MIME_TYPES as readonly string[]).includes(detected.mime)) {
    throw new AppError(415, MSG.validation.invalidImage);
  }
  await assertImagePixels(data);
  return { data, mimeType: detected.mime, ext: detected.ext };
}

/**
 * The multipart form of the generate dialog: the same fields as the JSON body, plus an optional
 * `referenceImage` file of at most 10 MB.
 */
export async function readMultipartGenerate(request: FastifyRequest): Promise<{ input: GenerateInput; image?: ReferenceImage }> {
  const fields: Record<string, string> = {};
  let upload: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: LIMITS.referenceImageMaxBytes, files: 1 } })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === REFERENCE_FIELD && data.length > 0) upload = data;
      } else if (typeof part.value === 'string' || typeof part.value === 'number' || typeof part.value === 'boolean') {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    throw multipartFailure(err, { tooLarge: MSG.validation.imageTooLarge, oneFile: 'Please attach a single reference image' });
  }
  assertFormText(fields);
  const parsed = generateRequest.safeParse(fields);
  if (!parsed.success) throw fieldErrors(parsed.error);
  const image = upload ? await checkReferenceImage(upload) : undefined;
  return { input: toGenerateInput(parsed.data), image };
}
