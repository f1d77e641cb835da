import type { AspectRatio, ContentType } from '@atelier/shared';

/** What a generation provider is asked to make. Deterministic for (prompt, model, seed, strength). */
export interface GenerationInput {
  contentType: ContentType;
  model: string;
  prompt: string;
  seed: number;
  /** Variation strength 0-100 (default 50). */
  strength: number;
  referenceImage?: { data: Buffer; mimeType: string };
  /** The shape asked for; absent, the provider picks one from the prompt (portrait, wide, …). */
  aspectRatio?: AspectRatio;
  /** What to keep out of the picture (only for models whose catalogue entry takes one). */
  negativePrompt?: string;
}

export type EditOperation = 'upscale' | 'crop' | 'recolour' | 'variation';

export interface EditInput {
  operation: EditOperation;
  contentType: ContentType;
  source: { data: Buffer; mimeType: string };
  prompt?: string;
  seed: number;
  strength: number;
  /** For crop: the aspect ratio to crop to, e.g. "1:1", "16:9". */
  aspect?: string;
  /** For recolour: a CSS hex colour to tint towards. */
  colour?: string;
}

export type AssetRole = 'original' | 'preview' | 'thumbnail' | 'poster';

export interface GeneratedAsset {
  role: AssetRole;
  mimeType: string;
  /** File extension without the dot: png, webp, jpg, svg, gif, mp4. */
  ext: string;
  data: Buffer;
}

export interface GenerationOutput {
  assets: GeneratedAsset[];
  width: number;
  height: number;
  durationMs?: number;
  /**
   * The vendor's own safety check flagged the result as not safe for work (fal's has_nsfw_concepts,
   * a Replicate model's nsfw output): the worker stores the item rated mature, and its owner cannot
   * lower that rating.
   */
  flaggedMature?: boolean;
}

export interface ProviderCallOptions {
  signal: AbortSignal;
  /** Epoch ms when the worker will abort the call: hosted providers do not start a wait past it. */
  deadline?: number;
  onProgress?: (percent: number) => void;
}

export interface GenerationProvider {
  readonly name: string;
  generate(input: GenerationInput, opts: ProviderCallOptions): Promise<GenerationOutput>;
  edit(input: EditInput, opts: ProviderCallOptions): Promise<GenerationOutput>;
}

/** A failure the provider reports; its message is shown to the owner and recorded with the refund. */
export class ProviderError extends Error {
  constructor(
    message: string,
    public readonly retryable = false,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
