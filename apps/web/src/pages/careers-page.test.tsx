import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { CareersPage } from './careers-page';
import {
  json,
  makeJob,
  mockServer,
  owner,
  pageOf,
  renderAt,
  type RecordedCall,
} from '../features/jobs/jobs-test-utils';

afterEach(() => {
  vi.unstubAllGlobals();
});

const motion = makeJob({ title: 'Motion designer', company: 'Loopworks', isRemote: true, employmentType: 'contract' });
const writer = makeJob({
  title: 'Prompt writer',
  company: 'Wordsmith',
  location: 'Paris',
  employmentType: 'part_time',
});
const intern = makeJob({ title: 'Vector intern', company: 'Pathfinders', employmentType: 'internship' });

const titles = () =>
  within(screen.getByRole('list', { name: 'Open roles' }))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

/** A tiny /jobs/active that honours the filters the board sends. */
function activeJobs(all = [motion, writer, intern], pageSize = 10) {
  return (call: RecordedCall) => {
    const q = call.search.get('q')?.toLowerCase();
    const type = call.search.get('employmentType');
    const remote = call.search.get('isRemote');
    const page = Number(call.search.get('page') ?? 1);
    const size = Number(call.search.get('pageSize') ?? pageSize);
    const found = all.filter(
      (j) =>
        (!q || `${j.title} ${j.company}`.toLowerCase().includes(q)) &&
        (!type || j.employmentType === type) &&
        (!remote || String(j.isRemote) === remote),
    );
    return json(200, pageOf(found.slice((page - 1) * size, page * size), page, size, found.length));
  };
}

describe('careers board', () => {
  it('with no jobs yet, invites the first post instead of counting "0 open roles"', async () => {
    mockServer({ 'GET /jobs/active': activeJobs([]) });
    const { user, store } = renderAt(<CareersPage />, { path: '/careers' });
    expect(await screen.findByRole('heading', { name: 'Be the first to post a role' })).toBeInTheDocument();
    expect(screen.queryByText('0 open roles')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Post the first job' }));
    expect(store.getState().ui.authModal).toMatchObject({ isOpen: true });
  });

  it('with no jobs yet, takes a member straight to the job form', async () => {
    mockServer({ 'GET /jobs/active': activeJobs([]) });
    renderAt(<CareersPage />, { path: '/careers', user: owner });
    expect(await screen.findByRole('link', { name: 'Post the first job' })).toHaveAttribute('href', '/jobs/new');
  });

  it('lists the open roles with their company, type and salary', async () => {
    mockServer({ 'GET /jobs/active': activeJobs() });
    renderAt(<CareersPage />, { path: '/careers' });

    expect(await screen.findByRole('link', { name: 'Motion designer' })).toHaveAttribute(
      'href',
      `/careers/${motion.id}`,
    );
    expect(titles()).toEqual(['Motion designer', 'Prompt writer', 'Vector intern']);
    expect(screen.getByText('3 open roles')).toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'Motion designer' });
    expect(within(card).getByText('Loopworks')).toBeInTheDocument();
    expect(within(card).getByText('Contract')).toBeInTheDocument();
    expect(within(card).getByText('Remote')).toBeInTheDocument();
    expect(within(card).getByText('€50,000 – €70,000')).toBeInTheDocument();
  });

  it('searches and filters through the server', async () => {
    const { calls } = mockServer({ 'GET /jobs/active': activeJobs() });
    const { user } = renderAt(<CareersPage />, { path: '/careers' });
    await screen.findByRole('link', { name: 'Motion designer' });

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'word');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(titles()).toEqual(['Prompt writer']));
    expect(calls.at(-1)?.search.get('q')).toBe('word');

    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'internship');
    await waitFor(() => expect(titles()).toEqual(['Vector intern']));
    expect(calls.at(-1)?.search.get('employmentType')).toBe('internship');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), '');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Remote' }), 'remote');
    await waitFor(() => expect(titles()).toEqual(['Motion designer']));
    expect(calls.at(-1)?.search.get('isRemote')).toBe('true');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'freelance');
    expect(await screen.findByText('No open roles match your search')).toBeInTheDocument();
  });

  it('loads more by appending the next page without duplicates, and a new search starts again at page 1', async () => {
    const first = [makeJob({ title: 'Job A' }), makeJob({ title: 'Job B' })];
    const later = makeJob({ title: 'Job C' });
    // Page 2 repeats Job B, as happens when a new job pushes the list down between requests.
    const { calls } = mockServer({
      'GET /jobs/active': (call) => {
        const page = Number(call.search.get('page'));
        if (call.search.get('q')) return json(200, pageOf([later], 1, 10, 1));
        return json(200, page === 1 ? pageOf(first, 1, 2, 4) : pageOf([first[1]!, later], 2, 2, 4));
      },
    });
    const { user } = renderAt(<CareersPage />, { path: '/careers' });
    await screen.findByRole('link', { name: 'Job A' });

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(titles()).toEqual(['Job A', 'Job B', 'Job C']));
    expect(calls.at(-1)?.search.get('page')).toBe('2');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'C{Enter}');
    await waitFor(() => expect(titles()).toEqual(['Job C']));
    expect(calls.at(-1)?.search.get('page')).toBe('1');
  });

  it('offers posting to verified members and explains to unverified ones why they cannot', async () => {
    mockServer({ 'GET /jobs/active': activeJobs() });
    const verified = renderAt(<CareersPage />, { path: '/careers', user: owner });
    expect(await screen.findByRole('link', { name: 'Post a job' })).toHaveAttribute('href', '/jobs/new');
    verified.view.unmount();

    renderAt(<CareersPage />, { path: '/careers', user: { ...owner, isVerified: false } });
    expect(await screen.findByRole('button', { name: 'Post a job' })).toBeDisabled();
    expect(screen.getByText(/Please verify your email before posting jobs/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Verify your email' })).toHaveAttribute('href', '/verify-email');
  });

  it('asks signed-out visitors to sign in before posting', async () => {
    mockServer({ 'GET /jobs/active': activeJobs() });
    const { store, user } = renderAt(<CareersPage />, { path: '/careers' });
    await user.click(await screen.findByRole('button', { name: 'Sign in to post a job' }));
    expect(store.getState().ui.authModal).toEqual({ isOpen: true, mode: 'login', intent: null });
  });

  it("shows the server's message when the list cannot load", async () => {
    mockServer({
      'GET /jobs/active': () =>
        json(503, { statusCode: 503, code: 'X', error: 'Unavailable', message: 'Jobs are resting' }),
    });
    renderAt(<CareersPage />, { path: '/careers' });
    // Once in the page where the list would be, once in a toast.
    await waitFor(() => expect(screen.getAllByText('Jobs are resting')).toHaveLength(2));
  });
});
