import { z } from 'zod';
import {
  MSG,
  activeJobsQuery,
  applicationStatusCounts,
  createJobBody,
  jobSchema,
  jobsQuery,
  pagination,
  updateJobBody,
} from '@atelier/shared';
import { currentUser } from '../../platform/http/auth.js';
import { bearerOrApiKey } from '../../platform/http/openapi.js';
import type { AppModule } from '../../platform/http/types.js';
import { applicationsDepsFrom, applicationsPort, jobStats } from '../applications/index.js';
import * as jobs from './jobs.service.js';

const jobIdParams = z.object({ id: z.uuid({ error: 'Job id must be a valid id' }) });
const jobPage = z.object({ data: z.array(jobSchema), pagination });

export const jobsRoutes: AppModule = (app, ctx) => {
  const applications = applicationsDepsFrom(ctx, app.log);
  const deps: jobs.JobsDeps = { db: ctx.database.db, clock: ctx.clock, applications: applicationsPort(applications) };

  app.get(
    '/jobs',
    {
      preHandler: ctx.auth.optionalAuth,
      schema: {
        tags: ['jobs'],
        summary: 'Jobs with filters; inactive jobs only for their owner and admins; owner=me for your own',
        security: bearerOrApiKey('jobs'),
        querystring: jobsQuery,
        response: { 200: jobPage },
      },
    },
    async (request) => jobs.listJobs(deps, request.auth, request.query),
  );

  app.get(
    '/jobs/active',
    {
      schema: {
        tags: ['jobs'],
        summary: 'Jobs that accept applications now (active, not past their closing date)',
        querystring: activeJobsQuery,
        response: { 200: jobPage },
      },
    },
    async (request) => jobs.listActiveJobs(deps, request.query),
  );

  app.get(
    '/jobs/:id',
    {
      preHandler: ctx.auth.optionalAuth,
      schema: {
        tags: ['jobs'],
        summary: 'One job',
        security: bearerOrApiKey('jobs'),
        params: jobIdParams,
        response: { 200: z.object({ data: jobSchema }) },
      },
    },
    async (request) => ({ data: await jobs.getJob(deps, request.auth, request.params.id) }),
  );

  app.post(
    '/jobs',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['jobs'],
        summary: 'Post a job (verified users and admins); salaries are whole currency units',
        security: bearerOrApiKey('jobs'),
        body: createJobBody,
        response: { 201: z.object({ data: jobSchema, message: z.string() }) },
      },
    },
    async (request, reply) => {
      const job = await jobs.createJob(deps, currentUser(request), request.body);
      return reply.status(201).send({ data: job, message: MSG.jobs.created });
    },
  );

  app.put(
    '/jobs/:id',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['jobs'],
        summary: 'Change a job (its owner or an admin); send only the fields that change',
        security: bearerOrApiKey('jobs'),
        params: jobIdParams,
        body: updateJobBody,
        response: { 200: z.object({ data: jobSchema, message: z.string() }) },
      },
    },
    async (request) => ({
      data: await jobs.updateJob(deps, currentUser(request), request.params.id, request.body),
      message: MSG.jobs.updated,
    }),
  );

  app.delete(
    '/jobs/:id',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['jobs'],
        summary: 'Delete a job and its applications (its owner or an admin)',
        security: bearerOrApiKey('jobs'),
        params: jobIdParams,
        response: { 200: z.object({ data: z.null(), message: z.string() }) },
      },
    },
    async (request) => {
      await jobs.deleteJob(deps, currentUser(request), request.params.id);
      return { data: null, message: MSG.jobs.deleted };
    },
  );

  app.get(
    '/jobs/:id/stats',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['jobs'],
        summary: "Counts of a job's applications by status (its owner or an admin)",
        security: bearerOrApiKey('jobs'),
        params: jobIdParams,
        response: { 200: z.object({ data: applicationStatusCounts }) },
      },
    },
    async (request) => ({ data: await jobStats(applications, currentUser(request), request.params.id) }),
  );
};
