import { z } from 'zod';
import { idParam } from '../schemas/common.js';
import { editRequest, editResult, generateRequest, generatedContent, generationBatch } from '../schemas/content.js';
import { contract } from './contract.js';
import { generationEndpoints as e } from './generation.endpoints.js';

const delivered = z.object({ received: z.literal(true), duplicate: z.boolean() });

export const generationContracts = {
  generate: contract(e.generate, {
    tags: ['generation'],
    summary: 'Generate content from a prompt; charged now, rendered by the worker',
    description:
      'JSON, or multipart/form-data with the same fields plus an optional `referenceImage` (PNG, JPEG, WebP or GIF, at most 10 MB). ' +
      'Replies at once with the queued item; progress and the result arrive over the socket. ' +
      'An `Idempotency-Key` header makes a repeated submit return the first item without charging again. ' +
      '`count` (1-4) makes that many candidates, each its own item charged at the model’s cost in one go (all or nothing) ' +
      'and refunded on its own if it fails; `data` is the first and `data.batch` lists them all. ' +
      'A setting the model does not take (see the catalogue) is refused with 400. `remixOf` remixes a public, ready item.',
    consumes: ['application/json', 'multipart/form-data'],
    // Absent for multipart requests, which the route reads from the stream.
    body: generateRequest.nullish(),
    reply: { 201: z.object({ data: generatedContent }) },
    errors: [402, 404, 413, 415],
  }),
  edit: contract(e.edit, {
    tags: ['generation'],
    summary: 'Make a new item from your own ready content (upscale, crop, recolour, variation)',
    description: 'Costs: upscale 2, crop 1, recolour 1, variation the model’s cost. Replies with the new item’s id and page.',
    body: editRequest,
    reply: { 201: z.object({ data: editResult }) },
    errors: [402],
  }),
  batch: contract(e.batch, {
    tags: ['generation'],
    summary: 'The candidates of one generate request, in the order they were asked for (their owner only)',
    params: idParam,
    reply: { 200: z.object({ data: generationBatch }) },
  }),
  webhook: contract(e.webhook, {
    tags: ['generation'],
    summary: 'A generation vendor reports a finished job (signed)',
    description:
      'Replicate: webhook-id / webhook-timestamp / webhook-signature, HMAC-SHA256 with the signing secret. ' +
      'fal: X-Fal-Webhook-* headers, ED25519 against fal\'s key set. A bad or stale signature is 400 and changes nothing; ' +
      'a delivery already received answers `duplicate: true` and changes nothing. 404 unless GENERATION_WEBHOOKS is on.',
    params: z.object({ vendor: z.string() }),
    reply: { 200: z.object({ data: delivered }) },
  }),
} as const;
