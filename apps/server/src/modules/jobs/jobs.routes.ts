import { blocklistOf } from '../../platform/blocklist.js';
import { MSG, jobsContracts } from '@atelier/shared';
import { currentUser } from '../../platform/http/auth.js';
import { fromContract } from '../../platform/http/contract-route.js';
import { bearerOrApiKey } from '../../platform/http/openapi.js';
import type { App, AppModule, ModuleContext } from '../../platform/http/types.js';
import * as jobs from './jobs.service.js';

/**
 * The jobs routes, given what the applications module (a layer above) tells about a job's
 * applications; app.ts wires the two, so jobs never imports applications.
 */
export const jobsRoutes = (applicationsOf: (app: App, ctx: ModuleContext) => jobs.ApplicationsPort): AppModule => (app, ctx) => {
  const deps: jobs.JobsDeps = { db: ctx.database.db, clock: ctx.clock, applications: applicationsOf(app, ctx), blocklist: blocklistOf(ctx.config.PROMPT_BLOCKLIST) };
  const security = bearerOrApiKey('jobs');

  app.route({
    ...fromContract(jobsContracts.list, { security }),
    preHandler: ctx.auth.optionalAuth,
    handler: async (request) => jobs.listJobs(deps, request.auth, request.query),
  });

  app.route({
    ...fromContract(jobsContracts.active),
    handler: async (request) => jobs.listActiveJobs(deps, request.query),
  });

  app.route({
    ...fromContract(jobsContracts.get, { security }),
    preHandler: ctx.auth.optionalAuth,
    handler: async (request) => ({ data: await jobs.getJob(deps, request.auth, request.params.id) }),
  });

  app.route({
    ...fromContract(jobsContracts.create, { security }),
    preHandler: ctx.auth.requireAuth,
    handler: async (request, reply) => {
      const job = await jobs.createJob(deps, currentUser(request), request.body);
      return reply.status(201).send({ data: job, message: MSG.jobs.created });
    },
  });

  app.route({
    ...fromContract(jobsContracts.update, { security }),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => ({
      data: await jobs.updateJob(deps, currentUser(request), request.params.id, request.body),
      message: MSG.jobs.updated,
    }),
  });

  app.route({
    ...fromContract(jobsContracts.remove, { security }),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => {
      await jobs.deleteJob(deps, currentUser(request), request.params.id);
      return { data: null, message: MSG.jobs.deleted };
    },
  });
};
