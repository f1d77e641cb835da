import type { FastifyBaseLogger } from 'fastify';
import type { ModuleContext } from '../../platform/http/types.js';
import { runActivity } from '../../platform/module-hooks.js';
import type { ApplicationsDeps } from './applications.service.js';
import { createResumeStore } from './resume-storage.js';

/** Built once per app, shared by the jobs and applications routes. */
export function applicationsDepsFrom(ctx: ModuleContext, log: FastifyBaseLogger): ApplicationsDeps {
  return {
    db: ctx.database.db,
    clock: ctx.clock,
    mailer: ctx.mailer,
    resumes: createResumeStore(ctx.privateStorage),
    publicUrl: ctx.config.PUBLIC_URL.replace(/\/$/, ''),
    log,
    notify: (userId, payload) => ctx.realtime.toUser(userId, 'application:updated', payload),
    webhooks: ctx.webhooks.emitter(log),
    activity: (event) => runActivity(ctx.hooks, event, log),
  };
}
