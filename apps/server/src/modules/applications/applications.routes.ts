import { assertFormText, multipartFailure } from '../../platform/http/request-text.js';
import type { FastifyRequest } from 'fastify';
import { type z } from 'zod';
import { JOBS_TEXT, JOB_LIMITS, MSG, applicationsContracts, createApplicationBody, jobsContracts } from '@atelier/shared';
import { currentUser } from '../../platform/http/auth.js';
import { badRequest } from '../../platform/http/errors.js';
import { fromContract } from '../../platform/http/contract-route.js';
import { bearerOrApiKey } from '../../platform/http/openapi.js';
import type { AppModule } from '../../platform/http/types.js';
import { applicationsDepsFrom } from './applications.deps.js';
import * as service from './applications.service.js';
import { assertPdf } from './resume-storage.js';

/** The same 400 shape the schema validation gives, for bodies read by hand. */
function parseBody<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const details = result.error.issues.map((i) => ({
    path: ['body', ...i.path.map(String)].join('.'),
    message: i.message,
  }));
  throw badRequest(details[0]?.message ?? 'Invalid request', details);
}

/**
 * An application comes as JSON, or as a multipart form whose text fields are the same and whose
 * optional `resume` file is a PDF of at most 5 MB.
 */
async function readApplicationForm(request: FastifyRequest): Promise<{ fields: unknown; resume: Buffer | null }> {
  if (!request.isMultipart()) return { fields: request.body, resume: null };
  const fields: Record<string, string> = {};
  let resume: Buffer | null = null;
  try {
    const parts = request.parts({
      limits: { fileSize: JOB_LIMITS.resumeMaxBytes, files: 1, fields: 10, fieldSize: 64 * 1024 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'resume') {
          part.file.resume();
          throw badRequest('Only a file named resume can be attached');
        }
        const bytes = await part.toBuffer();
        // A file input left empty still sends an empty part; that is "no résumé".
        if (bytes.length > 0 || part.filename) resume = bytes;
      } else {
        if (part.valueTruncated) throw badRequest(`${part.fieldname} is too long`);
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    throw multipartFailure(err, { tooLarge: JOBS_TEXT.resumeTooLarge, oneFile: 'Attach one résumé only' });
  }
  assertFormText(fields);
  return { fields, resume };
}

export const applicationsRoutes: AppModule = (app, ctx) => {
  const deps = applicationsDepsFrom(ctx, app.log);
  const security = bearerOrApiKey('jobs');
  const c = applicationsContracts;

  app.route({
    ...fromContract(c.list, { security }),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => service.listApplications(deps, currentUser(request), request.query),
  });

  app.route({
    ...fromContract(c.stats, { security }),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => ({ data: await service.myStats(deps, currentUser(request)) }),
  });

  app.route({
    // No API-key scope: by email is for a signed-in session only.
    ...fromContract(c.byEmail),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) =>
      service.listApplicationsByEmail(deps, currentUser(request), request.params.email, request.query.page, request.query.pageSize),
  });

  app.route({
    // A job's applications by status, for its owner: served here, under the jobs scope.
    ...fromContract(jobsContracts.stats, { security }),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => ({ data: await service.jobStats(deps, currentUser(request), request.params.id) }),
  });

  app.route({
    ...fromContract(c.get, { security }),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => ({ data: await service.getApplication(deps, currentUser(request), request.params.id) }),
  });

  app.route({
    ...fromContract(c.resume, { security }),
    preHandler: ctx.auth.requireAuth,
    handler: async (request, reply) => {
      const { pdf, fileName } = await service.openResume(deps, currentUser(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  });

  app.route({
    ...fromContract(c.create, { security }),
    preHandler: ctx.auth.requireAuth,
    handler: async (request, reply) => {
      const { fields, resume } = await readApplicationForm(request);
      const body = parseBody(createApplicationBody, fields);
      if (resume) await assertPdf(resume);
      const application = await service.createApplication(deps, currentUser(request), body, resume);
      return reply.status(201).send({ data: application, message: MSG.applications.submitted });
    },
  });

  app.route({
    ...fromContract(c.update, { security }),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => ({
      data: await service.updateApplication(deps, currentUser(request), request.params.id, request.body),
      message: MSG.applications.updated,
    }),
  });

  app.route({
    ...fromContract(c.bulkUpdate, { security }),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => {
      const result = await service.bulkUpdateStatus(deps, currentUser(request), request.body.ids, request.body.status);
      return { data: result, message: MSG.applications.bulkUpdated(result.updated, result.status) };
    },
  });

  app.route({
    ...fromContract(c.remove, { security }),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => {
      await service.deleteApplication(deps, currentUser(request), request.params.id);
      return { data: null, message: MSG.applications.deleted };
    },
  });
};
