import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Application, Job } from '@atelier/shared';
import { applicationsApi } from './applications-api';
import { jobsApi } from './jobs-api';
import { mergePage } from './jobs-cache';
import { applicant, json, makeApplication, makeJob, mockServer, owner, pageOf, storeFor } from './jobs-test-utils';

afterEach(() => {
  vi.unstubAllGlobals();
});

type Store = ReturnType<typeof storeFor>;

const mineArgs = { owner: 'me' as const, page: 1, pageSize: 20 };
const activeArgs = { page: 1, pageSize: 10 };

const mine = (store: Store) => jobsApi.endpoints.getJobs.select(mineArgs)(store.getState()).data;
const active = (store: Store) => jobsApi.endpoints.getActiveJobs.select(activeArgs)(store.getState()).data;
const current = (store: Store, id: string) => jobsApi.endpoints.getJob.select(id)(store.getState()).data;
const ids = (page: { data: { id: string }[] } | undefined) => page?.data.map((x) => x.id);

/** A store whose cache holds my jobs, the active board and one open job, as the screens would. */
async function jobsLoaded(existing: Job[], open: Job) {
  const store = storeFor(owner);
  await store.dispatch(jobsApi.endpoints.getJobs.initiate(mineArgs));
  await store.dispatch(jobsApi.endpoints.getActiveJobs.initiate(activeArgs));
  await store.dispatch(jobsApi.endpoints.getJob.initiate(open.id));
  return store;
}

describe('job list rules (spec §4)', () => {
  it('create puts the new job first, in my jobs and on the active board', async () => {
    const old = makeJob({ title: 'Old' });
    const created = makeJob({ title: 'New' });
    mockServer({
      'GET /jobs': () => json(200, pageOf([old])),
      'GET /jobs/active': () => json(200, pageOf([old])),
      [`GET /jobs/${old.id}`]: () => json(200, { data: old }),
      'POST /jobs': () => json(201, { data: created, message: 'Job created successfully' }),
    });
    const store = await jobsLoaded([old], old);
    await store.dispatch(
      jobsApi.endpoints.createJob.initiate({
        title: 'New',
        company: 'c',
        location: 'l',
        employmentType: 'full_time',
        description: 'd',
      }),
    );
    expect(ids(mine(store))).toEqual([created.id, old.id]);
    expect(mine(store)?.pagination.total).toBe(2);
    expect(ids(active(store))).toEqual([created.id, old.id]);
  });

  it('update replaces the job in the lists and the current job, and moves it out of and into the active list', async () => {
    const job = makeJob({ title: 'Toggle me' });
    const other = makeJob({ title: 'Other' });
    let reply: Job = { ...job, title: 'Paused', isActive: false, isAcceptingApplications: false };
    mockServer({
      'GET /jobs': () => json(200, pageOf([job, other])),
      'GET /jobs/active': () => json(200, pageOf([job, other])),
      [`GET /jobs/${job.id}`]: () => json(200, { data: job }),
      [`PUT /jobs/${job.id}`]: () => json(200, { data: reply, message: 'Job updated successfully' }),
    });
    const store = await jobsLoaded([job, other], job);

    await store.dispatch(jobsApi.endpoints.updateJob.initiate({ id: job.id, isActive: false }));
    expect(mine(store)?.data.map((j) => j.title)).toEqual(['Paused', 'Other']);
    expect(current(store, job.id)?.title).toBe('Paused');
    expect(ids(active(store))).toEqual([other.id]);

    reply = { ...job, title: 'Back', isActive: true, isAcceptingApplications: true };
    await store.dispatch(jobsApi.endpoints.updateJob.initiate({ id: job.id, isActive: true }));
    expect(ids(active(store))).toEqual([job.id, other.id]);
    expect(active(store)?.data[0]?.title).toBe('Back');
    expect(current(store, job.id)?.isActive).toBe(true);
  });

  it('delete removes the job everywhere and clears the current job', async () => {
    const job = makeJob({ title: 'Doomed' });
    const other = makeJob({ title: 'Stays' });
    mockServer({
      'GET /jobs': () => json(200, pageOf([job, other])),
      'GET /jobs/active': () => json(200, pageOf([job, other])),
      [`GET /jobs/${job.id}`]: () => json(200, { data: job }),
      [`DELETE /jobs/${job.id}`]: () => json(200, { data: null, message: 'Job deleted successfully' }),
    });
    const store = await jobsLoaded([job, other], job);
    await store.dispatch(jobsApi.endpoints.deleteJob.initiate(job.id));
    expect(ids(mine(store))).toEqual([other.id]);
    expect(mine(store)?.pagination.total).toBe(1);
    expect(ids(active(store))).toEqual([other.id]);
    expect(current(store, job.id)).toBeNull();
  });

  it('a failed change leaves every list as it was', async () => {
    const job = makeJob();
    mockServer({
      'GET /jobs': () => json(200, pageOf([job])),
      'GET /jobs/active': () => json(200, pageOf([job])),
      [`GET /jobs/${job.id}`]: () => json(200, { data: job }),
      [`DELETE /jobs/${job.id}`]: () =>
        json(403, { statusCode: 403, code: 'FORBIDDEN', error: 'Forbidden', message: 'No' }),
    });
    const store = await jobsLoaded([job], job);
    await store.dispatch(jobsApi.endpoints.deleteJob.initiate(job.id));
    expect(ids(mine(store))).toEqual([job.id]);
    expect(current(store, job.id)?.id).toBe(job.id);
  });
});

describe('loading more', () => {
  it('replaces the list on page 1 and appends later pages without repeating ids', () => {
    const [a, b, c] = [makeJob(), makeJob(), makeJob()];
    const first = pageOf([a!, b!], 1, 2, 3);
    const appended = mergePage(structuredClone(first), pageOf([b!, c!], 2, 2, 3), 2);
    expect(ids(appended)).toEqual([a!.id, b!.id, c!.id]);
    expect(appended.pagination.page).toBe(2);
    expect(ids(mergePage(appended, pageOf([c!], 1, 2, 1), 1))).toEqual([c!.id]);
  });
});

describe('application list rules (spec §4)', () => {
  const allArgs = { page: 1, pageSize: 10 };
  const myArgs = { email: applicant.email, page: 1, pageSize: 20 };

  async function applicationsLoaded(existing: Application[], open: Application, jobId: string) {
    const store = storeFor(applicant);
    await store.dispatch(applicationsApi.endpoints.getApplications.initiate(allArgs));
    await store.dispatch(applicationsApi.endpoints.getMyApplications.initiate(myArgs));
    await store.dispatch(applicationsApi.endpoints.getJobApplications.initiate({ jobId, page: 1, pageSize: 20 }));
    await store.dispatch(applicationsApi.endpoints.getApplication.initiate(open.id));
    return store;
  }
  const all = (store: Store) => applicationsApi.endpoints.getApplications.select(allArgs)(store.getState()).data;
  const my = (store: Store) => applicationsApi.endpoints.getMyApplications.select(myArgs)(store.getState()).data;
  const forJob = (store: Store, jobId: string) =>
    applicationsApi.endpoints.getJobApplications.select({ jobId, page: 1, pageSize: 20 })(store.getState()).data;
  const one = (store: Store, id: string) => applicationsApi.endpoints.getApplication.select(id)(store.getState()).data;

  it('create goes to the front of the all and my lists', async () => {
    const job = makeJob();
    const old = makeApplication({ jobId: job.id });
    const created = makeApplication({ jobId: job.id, coverLetter: 'New one' });
    mockServer({
      'GET /applications': () => json(200, pageOf([old])),
      [`GET /applications/user/${applicant.email}`]: () => json(200, pageOf([old])),
      [`GET /applications/${old.id}`]: () => json(200, { data: old }),
      'POST /applications': () => json(201, { data: created, message: 'Application submitted successfully' }),
    });
    const store = await applicationsLoaded([old], old, job.id);
    await store.dispatch(
      applicationsApi.endpoints.submitApplication.initiate({
        body: { jobId: job.id, name: 'Ari', email: applicant.email },
      }),
    );
    expect(ids(all(store))).toEqual([created.id, old.id]);
    expect(ids(my(store))).toEqual([created.id, old.id]);
  });

  it('update replaces it everywhere, and a bulk change sets the status everywhere', async () => {
    const job = makeJob();
    const a = makeApplication({ jobId: job.id });
    const b = makeApplication({ jobId: job.id });
    mockServer({
      'GET /applications': () => json(200, pageOf([a, b])),
      [`GET /applications/user/${applicant.email}`]: () => json(200, pageOf([a, b])),
      [`GET /applications/${a.id}`]: () => json(200, { data: a }),
      [`PUT /applications/${a.id}`]: () =>
        json(200, { data: { ...a, status: 'withdrawn' }, message: 'Application updated successfully' }),
      'POST /applications/bulk-update': () =>
        json(200, { data: { updated: 1, status: 'reviewed' }, message: '1 applications updated to reviewed' }),
    });
    const store = await applicationsLoaded([a, b], a, job.id);
    await store.dispatch(applicationsApi.endpoints.updateApplication.initiate({ id: a.id, status: 'withdrawn' }));
    for (const list of [all(store), my(store), forJob(store, job.id)]) {
      expect(list?.data.find((x) => x.id === a.id)?.status).toBe('withdrawn');
    }
    expect(one(store, a.id)?.status).toBe('withdrawn');

    await store.dispatch(
      applicationsApi.endpoints.bulkUpdateApplications.initiate({ ids: [b.id], status: 'reviewed' }),
    );
    for (const list of [all(store), my(store), forJob(store, job.id)]) {
      expect(list?.data.map((x) => x.status)).toEqual(['withdrawn', 'reviewed']);
    }
  });

  it('delete removes it everywhere and clears the current one', async () => {
    const job = makeJob();
    const a = makeApplication({ jobId: job.id });
    const b = makeApplication({ jobId: job.id });
    mockServer({
      'GET /applications': () => json(200, pageOf([a, b])),
      [`GET /applications/user/${applicant.email}`]: () => json(200, pageOf([a, b])),
      [`GET /applications/${a.id}`]: () => json(200, { data: a }),
      [`DELETE /applications/${a.id}`]: () => json(200, { data: null, message: 'Application deleted successfully' }),
    });
    const store = await applicationsLoaded([a, b], a, job.id);
    await store.dispatch(applicationsApi.endpoints.deleteApplication.initiate({ id: a.id, jobId: job.id }));
    expect(ids(all(store))).toEqual([b.id]);
    expect(ids(my(store))).toEqual([b.id]);
    expect(ids(forJob(store, job.id))).toEqual([b.id]);
    expect(one(store, a.id)).toBeNull();
  });
});
