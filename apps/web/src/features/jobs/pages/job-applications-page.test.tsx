import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { APPLICATION_STATUSES, type Application, type ApplicationStatusCounts } from '@atelier/shared';
import { json, makeApplication, makeJob, mockServer, owner, pageOf, renderAt } from '../jobs-test-utils';
import { JobApplicationsPage } from './job-applications-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

function counts(byStatus: Partial<Record<(typeof APPLICATION_STATUSES)[number], number>>): ApplicationStatusCounts {
  const full = Object.fromEntries(
    APPLICATION_STATUSES.map((s) => [s, byStatus[s] ?? 0]),
  ) as ApplicationStatusCounts['byStatus'];
  return { total: Object.values(full).reduce((a, b) => a + b, 0), byStatus: full };
}

const job = makeJob({ title: 'Colourist', applicationCount: 3 });
const ada = makeApplication({ jobId: job.id, name: 'Ada Applicant', email: 'ada@example.com', hasResume: true });
const bob = makeApplication({ jobId: job.id, name: 'Bob Builder', email: 'bob@example.com' });
const cyd = makeApplication({ jobId: job.id, name: 'Cyd Gone', email: 'cyd@example.com', status: 'withdrawn' });

function server(list: Application[] = [ada, bob, cyd], asOwner = counts({ pending: 5, hired: 1 })) {
  return mockServer({
    [`GET /jobs/${job.id}`]: () => json(200, { data: job }),
    [`GET /jobs/${job.id}/stats`]: () => json(200, { data: counts({ pending: 2, withdrawn: 1 }) }),
    'GET /applications/stats': () => json(200, { data: { asApplicant: counts({}), asOwner } }),
    'GET /applications': (call) => {
      const status = call.search.get('status');
      return json(
        200,
        pageOf(
          list.filter((a) => !status || a.status === status),
          1,
          20,
        ),
      );
    },
    'POST /applications/bulk-update': (call) => {
      const { ids, status } = call.body as { ids: string[]; status: string };
      return json(200, {
        data: { updated: ids.length, status },
        message: `${ids.length} applications updated to ${status}`,
      });
    },
    [`PUT /applications/${bob.id}`]: (call) =>
      json(200, { data: { ...bob, ...(call.body as object) }, message: 'Application updated successfully' }),
  });
}

const renderPage = () =>
  renderAt(<JobApplicationsPage />, {
    path: '/jobs/:id/applications',
    route: `/jobs/${job.id}/applications`,
    user: owner,
  });

const row = (name: string) => screen.getByText(name).closest('tr')!;

describe("a job's applications", () => {
  it('lists the applications with their statuses, a résumé button and the counts by status', async () => {
    server();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Applications: Colourist' })).toBeInTheDocument();
    expect(await screen.findByText('Ada Applicant')).toBeInTheDocument();
    expect(within(row('Ada Applicant')).getByRole('button', { name: 'Résumé' })).toBeInTheDocument();
    expect(within(row('Bob Builder')).queryByRole('button', { name: 'Résumé' })).not.toBeInTheDocument();
    // The owner can write to an applicant straight from the row.
    expect(within(row('Ada Applicant')).getByRole('button', { name: 'Message Ada Applicant' })).toBeInTheDocument();
    expect(within(row('Cyd Gone')).getByRole('checkbox')).toBeDisabled();

    const jobCounts = await screen.findByLabelText("This job's applications by status");
    expect(within(jobCounts).getByText('Total').nextSibling).toHaveTextContent('3');
    expect(within(jobCounts).getByText('Withdrawn').nextSibling).toHaveTextContent('1');
    const overall = await screen.findByLabelText('Applications to all your jobs by status');
    expect(within(overall).getByText('Total').nextSibling).toHaveTextContent('6');
    expect(within(overall).getByText('Hired').nextSibling).toHaveTextContent('1');
  });

  it('shows the applicants before the counts, and does not repeat the counts when this is the only job', async () => {
    server([ada, bob, cyd], counts({ pending: 2, withdrawn: 1 }));
    renderPage();
    const table = (await screen.findByText('Ada Applicant')).closest('table')!;
    const jobCounts = await screen.findByLabelText("This job's applications by status");
    // The table comes first in the page.
    expect(table.compareDocumentPosition(jobCounts) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('Total')).toHaveLength(1));
    expect(screen.queryByLabelText('Applications to all your jobs by status')).not.toBeInTheDocument();
  });

  it('changes the selected applications at once and says how many changed', async () => {
    const { calls } = server();
    const { user } = renderPage();
    await screen.findByText('Ada Applicant');

    expect(screen.getByRole('button', { name: 'Update selected' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'New status for selected' }), 'shortlisted');
    await user.click(screen.getByRole('button', { name: 'Update selected' }));

    expect(await screen.findByText('2 applications updated to shortlisted')).toBeInTheDocument();
    const bulk = calls.find((c) => c.path === '/applications/bulk-update');
    expect(bulk?.body).toEqual({ ids: [ada.id, bob.id], status: 'shortlisted' });
    // The rows show the new status without waiting for a refetch.
    await waitFor(() =>
      expect(within(row('Ada Applicant')).getByText('Shortlisted', { selector: '.badge' })).toBeInTheDocument(),
    );
    expect(within(row('Bob Builder')).getByText('Shortlisted', { selector: '.badge' })).toBeInTheDocument();
    expect(within(row('Cyd Gone')).getByText('Withdrawn', { selector: '.badge' })).toBeInTheDocument();
    expect(screen.getByText('0 selected')).toBeInTheDocument();
  });

  it('changes one application from its row', async () => {
    const { calls } = server();
    const { user } = renderPage();
    await screen.findByText('Bob Builder');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status of Bob Builder' }), 'interview');
    expect(await screen.findByText('Application updated successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ status: 'interview' });
    // The row takes the new status from the reply, in the cache update that runs beside the toast.
    await waitFor(() =>
      expect(within(row('Bob Builder')).getByText('Interview', { selector: '.badge' })).toBeInTheDocument(),
    );
  });

  it('filters by status through the server', async () => {
    const { calls } = server();
    const { user } = renderPage();
    await screen.findByText('Ada Applicant');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'withdrawn');
    await waitFor(() => expect(screen.queryByText('Ada Applicant')).not.toBeInTheDocument());
    expect(screen.getByText('Cyd Gone')).toBeInTheDocument();
    expect(calls.at(-1)?.search.get('status')).toBe('withdrawn');
  });

  it("shows the server's message when the caller may not see the applications", async () => {
    mockServer({
      [`GET /jobs/${job.id}`]: () => json(200, { data: job }),
      'GET /applications': () =>
        json(403, {
          statusCode: 403,
          code: 'FORBIDDEN',
          error: 'Forbidden',
          message: 'Only the job owner or an administrator can see its applications',
        }),
    });
    renderPage();
    await waitFor(() =>
      expect(screen.getAllByText('Only the job owner or an administrator can see its applications')).toHaveLength(2),
    );
  });
});
