import type { ContentType } from '@atelier/shared';
import { FAL_MODELS } from './fal/fal-provider.js';
import { lumaModelFor } from './luma/luma-provider.js';
import type { ProviderName } from './registry.js';
import { REPLICATE_MODELS } from './replicate/replicate-provider.js';
import { RUNWAY_MODEL, runwayServes } from './runway/runway-provider.js';

/** The vendor endpoint or model a provider runs a catalogue model on; null when it does not make it. */
export function vendorEndpoint(provider: ProviderName, contentType: ContentType, model: string): string | null {
  const key = `${contentType}/${model}`;
  switch (provider) {
    case 'local':
      return 'Atelier local renderer (procedural stand-in, not an AI model)';
    case 'replicate': {
      const route = REPLICATE_MODELS[key];
      return route ? `replicate.com/${route.model}` : null;
    }
    case 'runway':
      return runwayServes(contentType) ? `Runway ${RUNWAY_MODEL} (text_to_video / image_to_video)` : null;
    case 'luma': {
      const luma = lumaModelFor(contentType);
      return luma ? `Luma ${luma}${contentType === 'video' ? '' : ' (loop)'}` : null;
    }
    case 'fal': {
      const route = FAL_MODELS[key];
      return route ? `fal.ai ${route.endpoint}` : null;
    }
  }
}
