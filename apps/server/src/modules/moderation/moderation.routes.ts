import { MODERATION_TEXT, moderationContracts as c } from '@atelier/shared';
import type { FastifyRequest } from 'fastify';
import { blocklistOf } from '../../platform/blocklist.js';
import { currentUser } from '../../platform/http/auth.js';
import { fromContract } from '../../platform/http/contract-route.js';
import type { AppModule } from '../../platform/http/types.js';
import { runActivity } from '../../platform/module-hooks.js';
import { applicationsDepsFrom, applicationsPort } from '../applications/index.js';
import { blockUser, listBlocked, unblockUser } from '../users/index.js';
import * as service from './moderation.service.js';

/**
 * Reports (anyone signed in), the moderation queue and suspensions (admins), and blocks. Admin
 * calls take no API key: they name no `security`, so only a session may call them.
 */
export const moderationRoutes: AppModule = (app, ctx) => {
  const db = ctx.database.db;
  const applications = applicationsDepsFrom(ctx, app.log);
  const blocklist = blocklistOf(ctx.config.PROMPT_BLOCKLIST);
  const depsFor = (request: FastifyRequest): service.ModerationDeps => ({
    db,
    database: ctx.database,
    clock: ctx.clock,
    realtime: ctx.realtime,
    log: request.log,
    activity: (event) => runActivity(ctx.hooks, event, request.log),
    content: { db, storage: ctx.storage, realtime: ctx.realtime, clock: ctx.clock, log: request.log, hooks: ctx.hooks, blocklist },
    jobs: { db, clock: ctx.clock, applications: applicationsPort(applications), blocklist },
  });
  const requireAdmin = ctx.auth.requireAdmin;

  app.route({
    ...fromContract(c.report),
    preHandler: ctx.auth.requireAuth,
    handler: async (request, reply) => {
      const { report, isNew } = await service.createReport(depsFor(request), currentUser(request), request.body);
      return reply
        .status(isNew ? 201 : 200)
        .send({ data: report, message: isNew ? MODERATION_TEXT.reported : MODERATION_TEXT.alreadyReported });
    },
  });

  app.route({
    ...fromContract(c.adminReports),
    preHandler: requireAdmin,
    handler: async (request) => service.listQueue(depsFor(request), request.query),
  });

  app.route({
    ...fromContract(c.actOnReport),
    config: { changesPublicReads: true },
    preHandler: requireAdmin,
    handler: async (request) => ({
      data: await service.act(depsFor(request), currentUser(request), [request.params.id], request.body),
      message: MODERATION_TEXT.actionDone,
    }),
  });

  app.route({
    ...fromContract(c.actOnReports),
    config: { changesPublicReads: true },
    preHandler: requireAdmin,
    handler: async (request) => ({
      data: await service.act(depsFor(request), currentUser(request), request.body.ids, request.body),
      message: MODERATION_TEXT.actionDone,
    }),
  });

  app.route({
    ...fromContract(c.suspend),
    config: { changesPublicReads: true },
    preHandler: requireAdmin,
    handler: async (request) => ({
      data: await service.suspend(depsFor(request), currentUser(request), request.params.id, request.body),
      message: 'Account suspended',
    }),
  });

  app.route({
    ...fromContract(c.unsuspend),
    config: { changesPublicReads: true },
    preHandler: requireAdmin,
    handler: async (request) => {
      await service.unsuspend(depsFor(request), currentUser(request), request.params.id);
      return { data: { suspendedUntil: null }, message: 'Suspension lifted' };
    },
  });

  app.route({
    ...fromContract(c.setRating),
    config: { changesPublicReads: true },
    preHandler: requireAdmin,
    handler: async (request) => ({
      data: await service.setRating(depsFor(request), currentUser(request), request.params.id, request.body.rating),
      message: 'Rating saved',
    }),
  });

  app.route({
    ...fromContract(c.block),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => {
      await blockUser(db, currentUser(request).id, request.params.id);
      return { data: { isBlocked: true }, message: MODERATION_TEXT.blocked };
    },
  });

  app.route({
    ...fromContract(c.unblock),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => {
      await unblockUser(db, currentUser(request).id, request.params.id);
      return { data: { isBlocked: false }, message: MODERATION_TEXT.unblocked };
    },
  });

  app.route({
    ...fromContract(c.blocked),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => listBlocked(db, currentUser(request).id, request.query.page, request.query.pageSize),
  });
};
