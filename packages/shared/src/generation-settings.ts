import { CONTENT_TYPE_NAMES, type ContentType, type ModelInfo } from './catalogue.js';

/*
 * The settings of one generation and which of them each model takes: their own module, so a
 * page that only shows models and prices (the home page's first load) does not carry them.
 */

/** The shapes a generation may take (`aspectRatio`), width:height. */
export const ASPECT_RATIOS = ['1:1', '4:3', '3:4', '3:2', '2:3', '16:9', '9:16'] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

export function isAspectRatio(value: unknown): value is AspectRatio {
  return typeof value === 'string' && (ASPECT_RATIOS as readonly string[]).includes(value);
}

/** The shape a request without one gets: square for stills, wide for video and loops. */
export function defaultAspectRatio(type: ContentType): AspectRatio {
  return type === 'video' || type === 'loops' ? '16:9' : '1:1';
}

/** Candidates one generate request may ask for (`count`). */
export const GENERATION_COUNT_MIN = 1;
export const GENERATION_COUNT_MAX = 4;
export const NEGATIVE_PROMPT_MAX_LENGTH = 500;
/** Tags a generate request may give its items, and their length. */
export const GENERATION_TAGS_MAX = 10;
export const GENERATION_TAG_MAX_LENGTH = 30;

/**
 * What a model takes besides the prompt and the seed, the same on the local renderer and on every
 * hosted vendor (they are what the vendors' own fields can carry). The server refuses a setting a
 * model does not take; the dialog greys it out and says why.
 * - `referenceImage`: a picture to start from.
 * - `strength`: 'reference' when the vendors apply it only to a reference image (how far to move
 *   from it); the local renderer also uses it without one. The spec's dialog always sends it, so it is
 *   never refused.
 * - `negativePrompt`: what to keep out of the picture.
 * - `aspectRatios`: the shapes it makes.
 */
export interface ModelSettings {
  referenceImage: boolean;
  strength: 'reference' | 'none';
  negativePrompt: boolean;
  aspectRatios: readonly AspectRatio[];
}

const ALL_SHAPES = ASPECT_RATIOS;
const MOTION_SHAPES: readonly AspectRatio[] = ['16:9', '9:16', '1:1', '4:3', '3:4'];

const MODEL_SETTINGS: Record<string, ModelSettings> = {
  'photo/flux-pro': { referenceImage: true, strength: 'none', negativePrompt: false, aspectRatios: ALL_SHAPES },
  'photo/flux-dev': { referenceImage: true, strength: 'reference', negativePrompt: false, aspectRatios: ALL_SHAPES },
  'photo/flux-schnell': { referenceImage: true, strength: 'none', negativePrompt: false, aspectRatios: ALL_SHAPES },
  'illustration/stable-diffusion-xl': { referenceImage: true, strength: 'reference', negativePrompt: true, aspectRatios: ALL_SHAPES },
  'vector/stable-diffusion-xl': { referenceImage: false, strength: 'none', negativePrompt: false, aspectRatios: ALL_SHAPES },
  'gif/stable-diffusion-xl': { referenceImage: true, strength: 'none', negativePrompt: false, aspectRatios: MOTION_SHAPES },
  'loops/stable-diffusion-xl': { referenceImage: true, strength: 'none', negativePrompt: false, aspectRatios: MOTION_SHAPES },
  'video/runway-gen3': { referenceImage: true, strength: 'none', negativePrompt: false, aspectRatios: ['16:9', '9:16'] },
  'video/luma-dream': { referenceImage: true, strength: 'none', negativePrompt: false, aspectRatios: MOTION_SHAPES },
  'video/pika-labs': { referenceImage: true, strength: 'none', negativePrompt: true, aspectRatios: MOTION_SHAPES },
};

const NO_SETTINGS: ModelSettings = { referenceImage: false, strength: 'none', negativePrompt: false, aspectRatios: ['1:1'] };

/** What the model of this type takes (see ModelSettings). */
export function modelSettings(type: ContentType, modelId: string): ModelSettings {
  return MODEL_SETTINGS[`${type}/${modelId}`] ?? NO_SETTINGS;
}

/**
 * Why a model cannot take the settings asked for, as a sentence a person can act on; null when
 * it takes them all. The server answers it with 400; the dialog shows the same words.
 */
export function settingRefusal(
  type: ContentType,
  model: ModelInfo,
  asked: { referenceImage?: boolean; negativePrompt?: string | null; aspectRatio?: string | null },
): string | null {
  const takes = modelSettings(type, model.id);
  if (asked.referenceImage && !takes.referenceImage) return `${model.name} does not take a reference image for ${CONTENT_TYPE_NAMES[type]}`;
  if (asked.negativePrompt && !takes.negativePrompt) return `${model.name} does not take a negative prompt`;
  if (asked.aspectRatio && !(takes.aspectRatios as readonly string[]).includes(asked.aspectRatio)) {
    return `${model.name} makes ${CONTENT_TYPE_NAMES[type]} in ${takes.aspectRatios.join(', ')} only`;
  }
  return null;
}
