import {
  jobsEndpoints,
  type CreateJobBody,
  type EmploymentType,
  type Job,
  type DataOf,
  type ReplyOf,
  type UpdateJobBody,
  type jobsContracts,
} from '@atelier/shared';
import { api, call, toParams } from '../../lib/api';
import type { RootState } from '../../lib/store';
import { jobMatches, mergePage, putFirst, removeItem, replaceItem, type JobListArgs, type Page } from './jobs-cache';

/** Filters of the careers board; the page is not part of the cache key, so pages add up in one list. */
export interface ActiveJobsArgs {
  page: number;
  pageSize?: number;
  q?: string;
  location?: string;
  employmentType?: EmploymentType;
  isRemote?: boolean;
}

const meIdOf = (state: unknown) => (state as RootState).auth.user?.id ?? null;

export const jobsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getJobs: build.query<Page<Job>, JobListArgs>({
      query: (args) => call(jobsEndpoints.list, { query: args }),
      providesTags: [{ type: 'Jobs', id: 'LIST' }],
    }),

    getActiveJobs: build.query<Page<Job>, ActiveJobsArgs>({
      query: (args) => call(jobsEndpoints.active, { query: args }),
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
      query: (id) => call(jobsEndpoints.get, { params: { id } }),
      transformResponse: (reply: ReplyOf<typeof jobsContracts.get>) => reply.data,
      providesTags: (_result, _error, id) => [{ type: 'Jobs', id }],
    }),

    getJobStats: build.query<DataOf<typeof jobsContracts.stats>, string>({
      query: (id) => call(jobsEndpoints.stats, { params: { id } }),
      transformResponse: (reply: ReplyOf<typeof jobsContracts.stats>) => reply.data,
      providesTags: [{ type: 'Applications', id: 'STATS' }],
    }),

    createJob: build.mutation<ReplyOf<typeof jobsContracts.create>, CreateJobBody>({
      query: (body) => call(jobsEndpoints.create, { body }),
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

    updateJob: build.mutation<ReplyOf<typeof jobsContracts.update>, { id: string } & UpdateJobBody>({
      query: ({ id, ...body }) => call(jobsEndpoints.update, { params: { id }, body }),
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

    deleteJob: build.mutation<ReplyOf<typeof jobsContracts.remove>, string>({
      query: (id) => call(jobsEndpoints.remove, { params: { id } }),
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
