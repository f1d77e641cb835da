import { z } from 'zod';
import { CONTENT_TYPES } from '../catalogue.js';

/** One catalogue model in the admin margin table: who serves it, what it costs and what it earns. */
export const adminGenerationModel = z.object({
  contentType: z.enum(CONTENT_TYPES),
  model: z.string(),
  name: z.string(),
  /** local, replicate, runway, luma or fal. */
  provider: z.string(),
  /** The vendor's endpoint or model that makes it; null when the routed vendor does not make this model. */
  endpoint: z.string().nullable(),
  credits: z.number().int(),
  /** Credits charged × the USD value of a credit; null without a USD credit price. */
  chargedUsd: z.number().nullable(),
  /** What the operator pays per generation (GENERATION_COSTS); null when not set. 0 for the local renderer. */
  costUsd: z.number().nullable(),
  marginUsd: z.number().nullable(),
  /** Margin as a percentage of what is charged. */
  marginPercent: z.number().nullable(),
});
export type AdminGenerationModel = z.infer<typeof adminGenerationModel>;

export const adminGenerationModels = z.object({
  /** The least a credit sells for, in USD: the cheapest credit product or custom amount (after its best discount). */
  creditValueUsd: z.number().nullable(),
  creditValueSource: z.string().nullable(),
  models: z.array(adminGenerationModel),
});
export type AdminGenerationModels = z.infer<typeof adminGenerationModels>;
