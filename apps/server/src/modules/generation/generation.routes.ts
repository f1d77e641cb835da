import { MSG, generationContracts as c } from '@atelier/shared';
import { currentUser } from '../../platform/http/auth.js';
import { fromContract } from '../../platform/http/contract-route.js';
import { AppError, badRequest } from '../../platform/http/errors.js';
import { bearerOrApiKey } from '../../platform/http/openapi.js';
import type { AppModule } from '../../platform/http/types.js';
import { generationDeps, generationQueueDefinition } from './generation.deps.js';
import { idempotencyKey, readMultipartGenerate, toGenerateInput } from './generation.request.js';
import { getBatch, requestEdit, requestGeneration } from './generation.service.js';

/** A refusal of the request itself (a schema's or the form's), as opposed to one the accept statement made. */
const isBadInput = (err: unknown): boolean => {
  if (err instanceof AppError) return err.statusCode === 400 || err.statusCode === 413 || err.statusCode === 415;
  return typeof err === 'object' && err !== null && 'validation' in err;
};

/** Spec §7 "Content": POST /content/generate and POST /content/edit. The work itself is the worker's. */
export const generationRoutes: AppModule = async (app, ctx) => {
  await ctx.queue.define(generationQueueDefinition(ctx.config.GENERATION_TIMEOUT_MS));
  const baseDeps = generationDeps(ctx);
  const security = bearerOrApiKey('generate');

  app.route({
    ...fromContract(c.generate, { security }),
    // The accept statement checks the session itself, so a generate is one statement, not two.
    preHandler: ctx.auth.requireSignedToken,
    // A bad body is answered in the handler, after the session is known to be live.
    attachValidation: true,
    handler: async (request, reply) => {
      const user = currentUser(request);
      const deps = {
        ...baseDeps,
        log: request.log,
        requestId: request.id,
        sessionToCheck: user.isSessionUnchecked ? user.sessionId : undefined,
      };
      try {
        if (request.validationError) throw request.validationError;
        const key = idempotencyKey(request);
        let form: Awaited<ReturnType<typeof readMultipartGenerate>>;
        if (request.isMultipart()) form = await readMultipartGenerate(request);
        else if (request.body) form = { input: toGenerateInput(request.body) };
        else throw badRequest(MSG.validation.contentTypeAndPromptRequired);
        const result = await requestGeneration(deps, user.id, form.input, form.image, key);
        return reply.status(201).send({ data: result.content });
      } catch (err) {
        // Bad input is refused before the statement that checks the session: a signed-out person
        // hears 401 first, as on every other route.
        if (deps.sessionToCheck !== undefined && isBadInput(err)) await ctx.auth.requireAuth(request, reply);
        throw err;
      }
    },
  });

  app.route({
    ...fromContract(c.batch, { security: bearerOrApiKey('content:read') }),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => ({ data: await getBatch(baseDeps, currentUser(request).id, request.params.id) }),
  });

  app.route({
    ...fromContract(c.edit, { security }),
    preHandler: ctx.auth.requireAuth,
    handler: async (request, reply) => {
      const deps = { ...baseDeps, log: request.log, requestId: request.id };
      const result = await requestEdit(deps, currentUser(request).id, request.body, idempotencyKey(request));
      return reply.status(201).send({ data: { id: result.content.id, url: `/content/${result.content.id}` } });
    },
  });
};
