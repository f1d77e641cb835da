import { assertFormText, multipartFailure } from '../../platform/http/request-text.js';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  JOBS_TEXT,
  JOB_LIMITS,
  MSG,
  applicationSchema,
  applicationStatsSchema,
  applicationsByEmailParams,
  applicationsQuery,
  bulkUpdateApplicationsBody,
  createApplicationBody,
  pagination,
  paginationQuery,
  updateApplicationBody,
} from '@atelier/shared';
import { currentUser } from '../../platform/http/auth.js';
import { badRequest } from '../../platform/http/errors.js';
import { bearerOrApiKey, fileResponse } from '../../platform/http/openapi.js';
import type { AppModule } from '../../platform/http/types.js';
import { applicationsDepsFrom } from './applications.deps.js';
import * as service from './applications.service.js';
import { assertPdf } from './resume-storage.js';

const applicationIdParams = z.object({ id: z.uuid({ error: 'Application id must be a valid id' }) });
const applicationPage = z.object({ data: z.array(applicationSchema), pagination });
const applicationReply = z.object({ data: applicationSchema, message: z.string() });
const security = [{ bearer: [] }];

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

  app.get(
    '/applications',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['applications'],
        summary: "With jobId: that job's applications (its owner or an admin). Without: your own (admins: all)",
        security: bearerOrApiKey('jobs'),
        querystring: applicationsQuery,
        response: { 200: applicationPage },
      },
    },
    async (request) => service.listApplications(deps, currentUser(request), request.query),
  );

  app.get(
    '/applications/stats',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['applications'],
        summary: 'Counts by status of the applications you made and those on your jobs (admins: also all)',
        security: bearerOrApiKey('jobs'),
        response: { 200: z.object({ data: applicationStatsSchema }) },
      },
    },
    async (request) => ({ data: await service.myStats(deps, currentUser(request)) }),
  );

  app.get(
    '/applications/user/:email',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['applications'],
        summary: "The applications of the account with this email: your own, or anyone's for admins",
        security,
        params: applicationsByEmailParams,
        querystring: paginationQuery,
        response: { 200: applicationPage },
      },
    },
    async (request) =>
      service.listApplicationsByEmail(
        deps,
        currentUser(request),
        request.params.email,
        request.query.page,
        request.query.pageSize,
      ),
  );

  app.get(
    '/applications/:id',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['applications'],
        summary: 'One application (its applicant, the job owner or an admin)',
        security: bearerOrApiKey('jobs'),
        params: applicationIdParams,
        response: { 200: z.object({ data: applicationSchema }) },
      },
    },
    async (request) => ({ data: await service.getApplication(deps, currentUser(request), request.params.id) }),
  );

  app.get(
    '/applications/:id/resume',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['applications'],
        summary: "The application's résumé PDF (its applicant, the job owner or an admin)",
        security: bearerOrApiKey('jobs'),
        params: applicationIdParams,
        response: fileResponse('application/pdf', 'The résumé'),
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await service.openResume(deps, currentUser(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.post(
    '/applications',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['applications'],
        summary: 'Apply to a job',
        description:
          'JSON {jobId, name, email, coverLetter?, portfolioUrl?}, or multipart/form-data with the same fields and an optional `resume` PDF (at most 5 MB, checked by its content).',
        security: bearerOrApiKey('jobs'),
        consumes: ['application/json', 'multipart/form-data'],
        response: { 201: applicationReply },
      },
    },
    async (request, reply) => {
      const { fields, resume } = await readApplicationForm(request);
      const body = parseBody(createApplicationBody, fields);
      if (resume) await assertPdf(resume);
      const application = await service.createApplication(deps, currentUser(request), body, resume);
      return reply.status(201).send({ data: application, message: MSG.applications.submitted });
    },
  );

  app.put(
    '/applications/:id',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['applications'],
        summary:
          'Change an application: the job owner sets its status; the applicant withdraws or edits it while pending',
        security: bearerOrApiKey('jobs'),
        params: applicationIdParams,
        body: updateApplicationBody,
        response: { 200: applicationReply },
      },
    },
    async (request) => ({
      data: await service.updateApplication(deps, currentUser(request), request.params.id, request.body),
      message: MSG.applications.updated,
    }),
  );

  app.post(
    '/applications/bulk-update',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['applications'],
        summary: 'Set one status on many applications at once; all of them change or none does',
        security: bearerOrApiKey('jobs'),
        body: bulkUpdateApplicationsBody,
        response: {
          200: z.object({
            data: z.object({ updated: z.number().int(), status: z.string() }),
            message: z.string(),
          }),
        },
      },
    },
    async (request) => {
      const result = await service.bulkUpdateStatus(deps, currentUser(request), request.body.ids, request.body.status);
      return { data: result, message: MSG.applications.bulkUpdated(result.updated, result.status) };
    },
  );

  app.delete(
    '/applications/:id',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['applications'],
        summary: 'Delete an application (its applicant or an admin)',
        security: bearerOrApiKey('jobs'),
        params: applicationIdParams,
        response: { 200: z.object({ data: z.null(), message: z.string() }) },
      },
    },
    async (request) => {
      await service.deleteApplication(deps, currentUser(request), request.params.id);
      return { data: null, message: MSG.applications.deleted };
    },
  );
};
