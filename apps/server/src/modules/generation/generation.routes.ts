import { z } from 'zod';
import { MSG, content, editRequest, editResult, generateRequest } from '@atelier/shared';
import { currentUser } from '../../platform/http/auth.js';
import { badRequest } from '../../platform/http/errors.js';
import { bearerOrApiKey, errorResponses } from '../../platform/http/openapi.js';
import type { AppModule } from '../../platform/http/types.js';
import { generationDeps, generationQueueDefinition } from './generation.deps.js';
import { idempotencyKey, readMultipartGenerate, toGenerateInput } from './generation.request.js';
import { requestEdit, requestGeneration } from './generation.service.js';

/** Spec §7 "Content": POST /content/generate and POST /content/edit. The work itself is the worker's. */
export const generationRoutes: AppModule = async (app, ctx) => {
  await ctx.queue.define(generationQueueDefinition(ctx.config.GENERATION_TIMEOUT_MS));
  const baseDeps = generationDeps(ctx);

  app.post(
    '/content/generate',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['generation'],
        summary: 'Generate content from a prompt; charged now, rendered by the worker',
        description:
          'JSON, or multipart/form-data with the same fields plus an optional `referenceImage` (PNG, JPEG, WebP or GIF, at most 10 MB). ' +
          'Replies at once with the queued item; progress and the result arrive over the socket. ' +
          'An `Idempotency-Key` header makes a repeated submit return the first item without charging again.',
        security: bearerOrApiKey('generate'),
        consumes: ['application/json', 'multipart/form-data'],
        // Absent for multipart requests, which are read from the stream below.
        body: generateRequest.nullish(),
        response: { 201: z.object({ data: content }), ...errorResponses(402, 413, 415) },
      },
    },
    async (request, reply) => {
      const deps = { ...baseDeps, log: request.log, requestId: request.id };
      const key = idempotencyKey(request);
      let form: Awaited<ReturnType<typeof readMultipartGenerate>>;
      if (request.isMultipart()) form = await readMultipartGenerate(request);
      else if (request.body) form = { input: toGenerateInput(request.body) };
      else throw badRequest(MSG.validation.contentTypeAndPromptRequired);
      const { input, image } = form;
      const result = await requestGeneration(deps, currentUser(request).id, input, image, key);
      return reply.status(201).send({ data: result.content });
    },
  );

  app.post(
    '/content/edit',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['generation'],
        summary: 'Make a new item from your own ready content (upscale, crop, recolour, variation)',
        description: 'Costs: upscale 2, crop 1, recolour 1, variation the model’s cost. Replies with the new item’s id and page.',
        security: bearerOrApiKey('generate'),
        body: editRequest,
        response: { 201: z.object({ data: editResult }), ...errorResponses(402) },
      },
    },
    async (request, reply) => {
      const deps = { ...baseDeps, log: request.log, requestId: request.id };
      const result = await requestEdit(deps, currentUser(request).id, request.body, idempotencyKey(request));
      return reply.status(201).send({ data: { id: result.content.id, url: `/content/${result.content.id}` } });
    },
  );
};
