/** The content types and model catalogue of the product (spec §3 "Model catalogue"). */
export const CONTENT_TYPES = ['photo', 'video', 'loops', 'illustration', 'gif', 'vector'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export const CONTENT_TYPE_NAMES: Record<ContentType, string> = {
  photo: 'Photo',
  video: 'Video',
  loops: 'Loops',
  illustration: 'Illustration',
  gif: 'GIF',
  vector: 'Vector',
};

/** One piece of each type, as a sentence names it: "Describe the loop you want to create…". */
export const CONTENT_TYPE_NOUNS: Record<ContentType, string> = {
  photo: 'photo',
  video: 'video',
  loops: 'loop',
  illustration: 'illustration',
  gif: 'GIF',
  vector: 'vector graphic',
};

/** The prompt box's invitation for a type. */
export function promptPlaceholder(type: ContentType): string {
  return `Describe the ${CONTENT_TYPE_NOUNS[type]} you want to create…`;
}

export interface ModelInfo {
  id: string;
  name: string;
  description: string;
  cost: number;
  speed: 'Fast' | 'Medium' | 'Slow';
  quality: 'Good' | 'High' | 'Highest';
}

const PHOTO_MODELS: ModelInfo[] = [
  {
    id: 'flux-pro',
    name: 'FLUX Pro',
    description: 'Photorealistic detail for hero images',
    cost: 10,
    speed: 'Slow',
    quality: 'Highest',
  },
  {
    id: 'flux-dev',
    name: 'FLUX Dev',
    description: 'Balanced speed and fidelity',
    cost: 5,
    speed: 'Medium',
    quality: 'High',
  },
  {
    id: 'flux-schnell',
    name: 'FLUX Schnell',
    description: 'Quick drafts and iterations',
    cost: 3,
    speed: 'Fast',
    quality: 'Good',
  },
];

const VIDEO_MODELS: ModelInfo[] = [
  {
    id: 'runway-gen3',
    name: 'Runway Gen-3',
    description: 'Cinematic motion and lighting',
    cost: 25,
    speed: 'Slow',
    quality: 'Highest',
  },
  {
    id: 'luma-dream',
    name: 'Luma Dream Machine',
    description: 'Smooth, natural camera moves',
    cost: 20,
    speed: 'Medium',
    quality: 'High',
  },
  { id: 'pika-labs', name: 'Pika', description: 'Fast stylised clips', cost: 15, speed: 'Fast', quality: 'Good' },
];

const DEFAULT_MODELS: ModelInfo[] = [
  {
    id: 'stable-diffusion-xl',
    name: 'Stable Diffusion XL',
    description: 'Versatile all-round model',
    cost: 5,
    speed: 'Medium',
    quality: 'High',
  },
];

export const MODELS_BY_TYPE: Record<ContentType, ModelInfo[]> = {
  photo: PHOTO_MODELS,
  video: VIDEO_MODELS,
  loops: DEFAULT_MODELS,
  illustration: DEFAULT_MODELS,
  gif: DEFAULT_MODELS,
  vector: DEFAULT_MODELS,
};

/** Cost used when a model cannot be resolved (spec §9 "Fallback generation cost"). */
export const FALLBACK_GENERATION_COST = 5;

export function isContentType(value: unknown): value is ContentType {
  return typeof value === 'string' && (CONTENT_TYPES as readonly string[]).includes(value);
}

/** The `model` of content a person uploaded rather than generated: no prompt, no seed, no charge. */
export const UPLOAD_MODEL = 'upload';

export function isUploadedContent(content: { model: string }): boolean {
  return content.model === UPLOAD_MODEL;
}

export function findModel(type: ContentType, modelId: string): ModelInfo | undefined {
  return MODELS_BY_TYPE[type].find((m) => m.id === modelId);
}

export function modelCost(type: ContentType, modelId: string): number {
  return findModel(type, modelId)?.cost ?? FALLBACK_GENERATION_COST;
}

/** The name of one unnamed piece: "Generated Loop" (one loop), "Generated GIF". */
export function defaultContentName(type: ContentType): string {
  return `Generated ${type === 'loops' ? 'Loop' : CONTENT_TYPE_NAMES[type]}`;
}

/** Names that items made before "Generated Loop" still carry. */
const OLDER_DEFAULT_NAMES: Partial<Record<ContentType, string>> = { loops: 'Generated Loops' };

/**
 * What a card shows as a piece's caption. The stored name stays the spec's default ("Generated
 * Photo") when nobody named it; a wall of identical captions says nothing, so such a piece is
 * captioned with the first words of its prompt instead.
 */
export function contentCaption(
  content: { title: string; contentType: ContentType; prompt?: string | null },
  maxWords = 8,
): string {
  const prompt = content.prompt?.trim().replace(/\s+/g, ' ') ?? '';
  const isDefault =
    content.title === defaultContentName(content.contentType) ||
    content.title === OLDER_DEFAULT_NAMES[content.contentType];
  if (!isDefault || !prompt) return content.title;
  const words = prompt.split(' ');
  const head = words
    .slice(0, maxWords)
    .join(' ')
    .replace(/[\s,.;:!?-]+$/, '');
  return words.length > maxWords ? `${head}…` : head;
}

/** Operations of `POST /content/edit`; each makes a new content item from a ready one. */
export const EDIT_OPERATIONS = ['upscale', 'crop', 'recolour', 'variation'] as const;
export type EditOperation = (typeof EDIT_OPERATIONS)[number];

/** Credits an edit costs; a variation is a fresh generation, so it costs what its model costs. */
export const EDIT_COSTS: Record<EditOperation, number | 'model'> = {
  upscale: 2,
  crop: 1,
  recolour: 1,
  variation: 'model',
};

export function editCost(operation: EditOperation, type: ContentType, modelId: string): number {
  const cost = EDIT_COSTS[operation];
  return cost === 'model' ? modelCost(type, modelId) : cost;
}

/** Four example results per type; clicking one copies its prompt (spec §2). */
export const EXAMPLE_PROMPTS: Record<ContentType, string[]> = {
  photo: [
    'A foggy harbour at dawn with fishing boats and warm lantern light',
    'Portrait of an elderly craftsman in his workshop, soft window light',
    'Macro shot of dew drops on a fern leaf, shallow depth of field',
    'Neon-lit Tokyo alley after rain, reflections on wet asphalt',
  ],
  video: [
    'Drone flight over a turquoise glacier lake at sunrise',
    'Slow motion ink drops blooming in clear water',
    'Time-lapse of clouds rolling over mountain peaks',
    'A paper boat drifting down a rainy city gutter',
  ],
  loops: [
    'Endless waves of pastel sand dunes shifting in the wind',
    'Rotating crystal geometry with caustic light',
    'Lava lamp blobs in deep purple and orange',
    'A looping tunnel of glowing hexagons',
  ],
  illustration: [
    'Storybook illustration of a fox reading under a mushroom',
    'Art nouveau poster of a botanical garden',
    'Isometric cosy coffee shop interior, warm palette',
    'Ink and watercolour map of an imaginary island',
  ],
  gif: [
    'A pixel-art cat blinking on a windowsill',
    'Bouncing retro logo with chrome gradient',
    'Flickering candle flame on a dark table',
    'Spinning vinyl record with colourful label',
  ],
  vector: [
    'Minimal line icon set for a travel app',
    'Geometric mountain logo in two colours',
    'Flat illustration of a bicycle in a city',
    'Abstract wave pattern for a website background',
  ],
};

/** The gallery's orders. */
export const CONTENT_SORTS = ['newest', 'popular', 'trending'] as const;

/** Items per page of the gallery's lists (each scroll step loads one more page). */
export const GALLERY_PAGE_SIZE = 24;

/**
 * The GETs the gallery makes first when opened without filters (under /api/v1, with the query in the
 * order the app sends it). The server puts their signed-out replies in the page's HTML.
 */
export const GALLERY_FIRST_REQUESTS: readonly string[] = [
  '/category/tree',
  `/content?sort=newest&pageSize=${GALLERY_PAGE_SIZE}`,
];
export type ContentSort = (typeof CONTENT_SORTS)[number];
