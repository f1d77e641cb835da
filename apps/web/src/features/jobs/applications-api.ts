import {
  API_BASE,
  applicationsEndpoints,
  pathOf,
  type Application,
  type CreateApplicationBody,
  type DataOf,
  type Job,
  type OwnerApplicationStatus,
  type ReplyOf,
  type UpdateApplicationBody,
  type applicationsContracts,
} from '@atelier/shared';
import { api, call } from '../../lib/api';
import type { RootState } from '../../lib/store';
import { tokenStore } from '../../lib/token-store';
import {
  applicationMatches,
  putFirst,
  removeItem,
  replaceItem,
  type ApplicationListArgs,
  type Page,
} from './jobs-cache';
import { jobsApi } from './jobs-api';

export interface MyApplicationsArgs {
  email: string;
  page?: number;
  pageSize?: number;
}

export interface JobApplicationsArgs extends ApplicationListArgs {
  jobId: string;
}

export interface SubmitApplicationArgs {
  body: CreateApplicationBody;
  resume?: File | null;
}

const LIST = { type: 'Applications' as const, id: 'LIST' };
const STATS = { type: 'Applications' as const, id: 'STATS' };

/** With a résumé the form goes as multipart, text fields first so the server reads them before the file. */
function submitBody({ body, resume }: SubmitApplicationArgs): FormData | CreateApplicationBody {
  if (!resume) return body;
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (value !== undefined && value !== null) form.append(key, String(value));
  }
  form.append('resume', resume);
  return form;
}

type ListName = 'getApplications' | 'getMyApplications' | 'getJobApplications';
const LISTS: ListName[] = ['getApplications', 'getMyApplications', 'getJobApplications'];

export const applicationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The "all applications" list: everyone's for admins, your own for everyone else. */
    getApplications: build.query<Page<Application>, ApplicationListArgs>({
      query: (args) => call(applicationsEndpoints.list, { query: args }),
      providesTags: [LIST],
    }),
    getMyApplications: build.query<Page<Application>, MyApplicationsArgs>({
      query: ({ email, ...args }) => call(applicationsEndpoints.byEmail, { params: { email }, query: args }),
      providesTags: [LIST],
    }),
    getJobApplications: build.query<Page<Application>, JobApplicationsArgs>({
      query: (args) => call(applicationsEndpoints.list, { query: args }),
      providesTags: [LIST],
    }),
    /** `null` once deleted here: the current application is cleared. */
    getApplication: build.query<Application | null, string>({
      query: (id) => call(applicationsEndpoints.get, { params: { id } }),
      transformResponse: (reply: ReplyOf<typeof applicationsContracts.get>) => reply.data,
      providesTags: (_result, _error, id) => [{ type: 'Applications', id }],
    }),
    getApplicationStats: build.query<DataOf<typeof applicationsContracts.stats>, void>({
      query: () => call(applicationsEndpoints.stats),
      transformResponse: (reply: ReplyOf<typeof applicationsContracts.stats>) => reply.data,
      providesTags: [STATS],
    }),

    submitApplication: build.mutation<ReplyOf<typeof applicationsContracts.create>, SubmitApplicationArgs>({
      query: (args) => call(applicationsEndpoints.create, { body: submitBody(args) }),
      invalidatesTags: [STATS],
      async onQueryStarted(_args, { dispatch, getState, queryFulfilled }) {
        const reply = await queryFulfilled.catch(() => null);
        if (!reply) return;
        const application = reply.data.data;
        const state = getState();
        const myEmail = (state as unknown as RootState).auth.user?.email?.toLowerCase();
        // Create puts it at the front of the all and my lists (spec §4).
        for (const args of applicationsApi.util.selectCachedArgsForQuery(state, 'getApplications')) {
          if (applicationMatches(application, args)) {
            dispatch(
              applicationsApi.util.updateQueryData('getApplications', args, (page) => putFirst(page, application)),
            );
          }
        }
        for (const args of applicationsApi.util.selectCachedArgsForQuery(state, 'getMyApplications')) {
          if (args.email.toLowerCase() === myEmail) {
            dispatch(
              applicationsApi.util.updateQueryData('getMyApplications', args, (page) => putFirst(page, application)),
            );
          }
        }
        countOnJob(dispatch, state, application.jobId, 1);
      },
    }),

    updateApplication: build.mutation<ReplyOf<typeof applicationsContracts.update>, { id: string } & UpdateApplicationBody>({
      query: ({ id, ...body }) => call(applicationsEndpoints.update, { params: { id }, body }),
      invalidatesTags: [STATS],
      async onQueryStarted(_args, { dispatch, getState, queryFulfilled }) {
        const reply = await queryFulfilled.catch(() => null);
        if (!reply) return;
        const application = reply.data.data;
        // Update replaces it everywhere.
        eachList(getState(), (name, args) =>
          dispatch(
            applicationsApi.util.updateQueryData(name, args as never, (page) => void replaceItem(page, application)),
          ),
        );
        dispatch(applicationsApi.util.updateQueryData('getApplication', application.id, () => application));
      },
    }),

    bulkUpdateApplications: build.mutation<
      ReplyOf<typeof applicationsContracts.bulkUpdate>,
      { ids: string[]; status: OwnerApplicationStatus }
    >({
      query: (body) => call(applicationsEndpoints.bulkUpdate, { body }),
      invalidatesTags: [STATS],
      async onQueryStarted({ ids, status }, { dispatch, getState, queryFulfilled }) {
        const reply = await queryFulfilled.catch(() => null);
        if (!reply) return;
        const changed = new Set(ids);
        const now = new Date().toISOString();
        const setStatus = (application: Application) => {
          if (!changed.has(application.id)) return;
          application.status = status;
          application.updatedAt = now;
        };
        eachList(getState(), (name, args) =>
          dispatch(applicationsApi.util.updateQueryData(name, args as never, (page) => page.data.forEach(setStatus))),
        );
        for (const id of ids) {
          dispatch(
            applicationsApi.util.updateQueryData(
              'getApplication',
              id,
              (current) => void (current && setStatus(current)),
            ),
          );
        }
      },
    }),

    deleteApplication: build.mutation<ReplyOf<typeof applicationsContracts.remove>, { id: string; jobId: string }>({
      query: ({ id }) => call(applicationsEndpoints.remove, { params: { id } }),
      invalidatesTags: [STATS],
      async onQueryStarted({ id, jobId }, { dispatch, getState, queryFulfilled }) {
        const reply = await queryFulfilled.catch(() => null);
        if (!reply) return;
        const state = getState();
        // Delete removes it everywhere and clears the current one if it matched.
        eachList(state, (name, args) =>
          dispatch(applicationsApi.util.updateQueryData(name, args as never, (page) => void removeItem(page, id))),
        );
        dispatch(applicationsApi.util.updateQueryData('getApplication', id, () => null));
        countOnJob(dispatch, state, jobId, -1);
      },
    }),
  }),
});

type ApiState = Parameters<typeof applicationsApi.util.selectCachedArgsForQuery>[0];
type ApiDispatch = (action: unknown) => unknown;

function eachList(state: ApiState, visit: (name: ListName, args: unknown) => void): void {
  for (const name of LISTS) {
    for (const args of applicationsApi.util.selectCachedArgsForQuery(state, name)) visit(name, args);
  }
}

/** Keeps a job's application count in step wherever the job is cached. */
function countOnJob(dispatch: ApiDispatch, apiState: ApiState, jobId: string, delta: number): void {
  // Both slices live in the same api reducer; only their endpoint typings differ.
  const state = apiState as unknown as Parameters<typeof jobsApi.util.selectCachedArgsForQuery>[0];
  const bump = (job: Job) => {
    if (job.id === jobId) job.applicationCount = Math.max(0, job.applicationCount + delta);
  };
  dispatch(jobsApi.util.updateQueryData('getJob', jobId, (job) => void (job && bump(job))));
  for (const args of jobsApi.util.selectCachedArgsForQuery(state, 'getJobs')) {
    dispatch(jobsApi.util.updateQueryData('getJobs', args, (page) => page.data.forEach(bump)));
  }
  for (const args of jobsApi.util.selectCachedArgsForQuery(state, 'getActiveJobs')) {
    dispatch(jobsApi.util.updateQueryData('getActiveJobs', args, (page) => page.data.forEach(bump)));
  }
}

/**
 * Opens a résumé in a new tab. It is private, so it is fetched with the bearer token rather than
 * linked; a plain link would reach the server without it.
 */
export async function openResume(applicationId: string): Promise<void> {
  const tab = window.open('', '_blank');
  const token = tokenStore.access();
  const res = await fetch(`${API_BASE}${pathOf(applicationsEndpoints.resume, { id: applicationId })}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) {
    tab?.close();
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message || 'Failed to open the résumé');
  }
  const url = URL.createObjectURL(await res.blob());
  if (tab) tab.location.href = url;
  else window.location.assign(url);
  // The tab has loaded the file by then; the object URL only holds memory.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export const {
  useGetApplicationsQuery,
  useGetMyApplicationsQuery,
  useGetJobApplicationsQuery,
  useGetApplicationQuery,
  useGetApplicationStatsQuery,
  useSubmitApplicationMutation,
  useUpdateApplicationMutation,
  useBulkUpdateApplicationsMutation,
  useDeleteApplicationMutation,
} = applicationsApi;
