import type { ApplicationStatusCounts, CreateJobBody, EmploymentType, Job, UpdateJobBody } from '@atelier/shared';
import { api } from '../../app/api';
import type { RootState } from '../../app/store';
import { jobMatches, mergePage, putFirst, removeItem, replaceItem, type JobListArgs, type Page } from './jobs-cache';

export interface Envelope<T> {
  data: T;
  message?: string;
}

/** Filters of the careers board; the page is not part of the cache key, so pages add up in one list. */
export interface ActiveJobsArgs {
  page: number;
  pageSize?: number;
  q?: string;
  location?: string;
  employmentType?: EmploymentType;
  isRemote?: boolean;
}

/** Query parameters without the empty ones, so "no filter" is never sent as `?q=`. */
export function toParams(args: object): Record<string, string | number | boolean> {
  const params: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(args)) {
    if (value === undefined || value === null || value === '') continue;
    params[key] = value as string | number | boolean;
  }
  return params;
}

const meIdOf = (state: unknown) => (state as RootState).auth.user?.id ?? null;

export const jobsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getJobs: build.query<Page<Job>, JobListArgs>({
      query: (args) => ({ url: '/jobs', params: toParams(args) }),
      providesTags: [{ type: 'Jobs', id: 'LIST' }],
    }),

    getActiveJobs: build.query<Page<Job>, ActiveJobsArgs>({
      query: (args) => ({ url: '/jobs/active', params: toParams(args) }),
      serializeQueryArgs: ({ queryArgs }) => {
        const { page: _page, ...filters } = queryArgs;
        return toParams(filters);
      },
      merge: (current, incoming, { arg }) => mergePage(current, incoming, arg.page),
      forceRefetch: ({ currentArg, previousArg }) => currentArg?.page !== previousArg?.page,
      providesTags: [{ type: 'Jobs', id: 'ACTIVE' }],
    }),

    /** `null` once the job was deleted here: the current job is cleared, not refetched into a 404. */
    getJob: build.query<Job | null, string>({
      query: (id) => `/jobs/${encodeURIComponent(id)}`,
      transformResponse: (reply: Envelope<Job>) => reply.data,
      providesTags: (_result, _error, id) => [{ type: 'Jobs', id }],
    }),

    getJobStats: build.query<ApplicationStatusCounts, string>({
      query: (id) => `/jobs/${encodeURIComponent(id)}/stats`,
      transformResponse: (reply: Envelope<ApplicationStatusCounts>) => reply.data,
      providesTags: [{ type: 'Applications', id: 'STATS' }],
    }),

    createJob: build.mutation<Envelope<Job>, CreateJobBody>({
      query: (body) => ({ url: '/jobs', method: 'POST', body }),
      async onQueryStarted(_body, { dispatch, getState, queryFulfilled }) {
        const reply = await queryFulfilled.catch(() => null);
        if (!reply) return;
        const job = reply.data.data;
        const state = getState();
        const meId = meIdOf(state);
        // Create puts it first (spec §4), in every list it belongs to.
        for (const args of jobsApi.util.selectCachedArgsForQuery(state, 'getJobs')) {
          if (jobMatches(job, args, meId))
            dispatch(jobsApi.util.updateQueryData('getJobs', args, (page) => putFirst(page, job)));
        }
        if (job.isAcceptingApplications) {
          for (const args of jobsApi.util.selectCachedArgsForQuery(state, 'getActiveJobs')) {
            if (jobMatches(job, args, meId)) {
              dispatch(jobsApi.util.updateQueryData('getActiveJobs', args, (page) => putFirst(page, job)));
            }
          }
        }
        dispatch(jobsApi.util.upsertQueryData('getJob', job.id, job));
      },
    }),

    updateJob: build.mutation<Envelope<Job>, { id: string } & UpdateJobBody>({
      query: ({ id, ...body }) => ({ url: `/jobs/${encodeURIComponent(id)}`, method: 'PUT', body }),
      async onQueryStarted(_body, { dispatch, getState, queryFulfilled }) {
        const reply = await queryFulfilled.catch(() => null);
        if (!reply) return;
        const job = reply.data.data;
        const state = getState();
        const meId = meIdOf(state);
        // Update replaces it in the lists and the current job…
        for (const args of jobsApi.util.selectCachedArgsForQuery(state, 'getJobs')) {
          dispatch(
            jobsApi.util.updateQueryData('getJobs', args, (page) => {
              if (jobMatches(job, args, meId)) replaceItem(page, job);
              else removeItem(page, job.id);
            }),
          );
        }
        dispatch(jobsApi.util.updateQueryData('getJob', job.id, () => job));
        // …and moves it into the active list when it is active, out of it when it is not.
        for (const args of jobsApi.util.selectCachedArgsForQuery(state, 'getActiveJobs')) {
          dispatch(
            jobsApi.util.updateQueryData('getActiveJobs', args, (page) => {
              if (job.isAcceptingApplications && jobMatches(job, args, meId)) {
                if (!replaceItem(page, job)) putFirst(page, job);
              } else {
                removeItem(page, job.id);
              }
            }),
          );
        }
      },
    }),

    deleteJob: build.mutation<Envelope<null>, string>({
      query: (id) => ({ url: `/jobs/${encodeURIComponent(id)}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        const reply = await queryFulfilled.catch(() => null);
        if (!reply) return;
        const state = getState();
        // Delete removes it everywhere and clears the current job.
        for (const args of jobsApi.util.selectCachedArgsForQuery(state, 'getJobs')) {
          dispatch(jobsApi.util.updateQueryData('getJobs', args, (page) => void removeItem(page, id)));
        }
        for (const args of jobsApi.util.selectCachedArgsForQuery(state, 'getActiveJobs')) {
          dispatch(jobsApi.util.updateQueryData('getActiveJobs', args, (page) => void removeItem(page, id)));
        }
        dispatch(jobsApi.util.updateQueryData('getJob', id, () => null));
        // The job's applications went with it on the server.
        dispatch(
          api.util.invalidateTags([
            { type: 'Applications', id: 'LIST' },
            { type: 'Applications', id: 'STATS' },
          ]),
        );
      },
    }),
  }),
});

export const {
  useGetJobsQuery,
  useGetActiveJobsQuery,
  useGetJobQuery,
  useGetJobStatsQuery,
  useCreateJobMutation,
  useUpdateJobMutation,
  useDeleteJobMutation,
} = jobsApi;
