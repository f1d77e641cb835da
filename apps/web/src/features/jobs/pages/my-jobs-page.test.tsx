import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ToastContainer } from 'react-toastify';
import type { Job } from '@atelier/shared';
import { json, makeJob, mockServer, owner, pageOf, storeFor } from '../jobs-test-utils';
import { JobEditorPage } from './job-editor-page';
import { MyJobsPage } from './my-jobs-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** My jobs and the editor in one router, so saving can come back to the list. */
function renderJobScreens(route: string, user = owner) {
  const store = storeFor(user);
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path="/jobs/mine" element={<MyJobsPage />} />
          <Route path="/jobs/new" element={<JobEditorPage />} />
          <Route path="/jobs/:id/edit" element={<JobEditorPage />} />
        </Routes>
        <ToastContainer autoClose={false} />
      </MemoryRouter>
    </Provider>,
  );
  return { store, user: userEvent.setup() };
}

/** Sets a field the way an input event does; typing key by key is covered where one field matters. */
function fill(name: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(name), { target: { value } });
}

const card = (title: string) => screen.getByRole('article', { name: title });

describe('my jobs', () => {
  it('posts a job, says so, and shows it first in my jobs', async () => {
    const existing = makeJob({ title: 'Existing role' });
    let posted: Job | null = null;
    const { calls } = mockServer({
      'GET /jobs': () => json(200, pageOf(posted ? [posted, existing] : [existing])),
      'POST /jobs': (call) => {
        posted = makeJob({ ...(call.body as Partial<Job>), title: 'Texture artist' });
        return json(201, { data: posted, message: 'Job created successfully' });
      },
    });
    const { user } = renderJobScreens('/jobs/new');
    fill(/^Title/, 'Texture artist');
    fill(/^Company/, 'Surface Co');
    fill(/^Location/, 'Remote');
    fill(/^Description/, 'Paint surfaces.');
    fill(/^Minimum salary/, '40000');
    fill(/^Maximum salary/, '55,000');
    fill(/^Requirements/, 'Substance\nBlender');
    fill(/^Tags/, '3d, texture');
    await user.click(screen.getByLabelText(/^Remote/));
    await user.click(screen.getByRole('button', { name: 'Post job' }));

    expect(await screen.findByText('Job created successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: 'Texture artist',
      company: 'Surface Co',
      location: 'Remote',
      employmentType: 'full_time',
      isRemote: true,
      salaryMin: 40000,
      salaryMax: 55000,
      currency: 'USD',
      description: 'Paint surfaces.',
      requirements: ['Substance', 'Blender'],
      tags: ['3d', 'texture'],
      isActive: true,
      closesAt: null,
    });
    await screen.findByRole('heading', { level: 1, name: 'My jobs' });
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'My jobs' }))
          .getAllByRole('heading')
          .map((h) => h.textContent),
      ).toEqual(['Texture artist', 'Existing role']),
    );
  });

  it('checks the form before sending', async () => {
    const { calls } = mockServer({});
    const { user } = renderJobScreens('/jobs/new');
    await user.click(screen.getByRole('button', { name: 'Post job' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Description is required')).toBeInTheDocument();

    fill(/^Title/, 'Rigger');
    fill(/^Company/, 'Bones Ltd');
    fill(/^Location/, 'Oslo');
    fill(/^Description/, 'Rig characters.');
    fill(/^Minimum salary/, '9000');
    fill(/^Maximum salary/, '100');
    await user.click(screen.getByRole('button', { name: 'Post job' }));
    expect(await screen.findByText('Minimum salary cannot be greater than maximum salary')).toBeInTheDocument();
    expect(screen.queryByText('Title is required')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('tells an unverified member to verify before posting', async () => {
    mockServer({});
    renderJobScreens('/jobs/new', { ...owner, isVerified: false });
    expect(await screen.findByText('Please verify your email before posting jobs')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Post job' })).not.toBeInTheDocument();
  });

  it('deactivates and activates a job with a toast each time', async () => {
    const job = makeJob({ title: 'Switchable' });
    mockServer({
      'GET /jobs': () => json(200, pageOf([job])),
      [`PUT /jobs/${job.id}`]: (call) => {
        const { isActive } = call.body as { isActive: boolean };
        return json(200, {
          data: { ...job, isActive, isAcceptingApplications: isActive },
          message: 'Job updated successfully',
        });
      },
    });
    const { user } = renderJobScreens('/jobs/mine');
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    expect(await within(card('Switchable')).findByText('Inactive')).toBeInTheDocument();
    expect(screen.getByText('Job updated successfully')).toBeInTheDocument();
    await user.click(within(card('Switchable')).getByRole('button', { name: 'Activate' }));
    expect(await within(card('Switchable')).findByText('Active')).toBeInTheDocument();
  });

  it('deletes a job after confirming, or shows the error', async () => {
    const keep = makeJob({ title: 'Keeper' });
    const gone = makeJob({ title: 'Goner' });
    const locked = makeJob({ title: 'Locked' });
    mockServer({
      'GET /jobs': () => json(200, pageOf([keep, gone, locked])),
      [`DELETE /jobs/${gone.id}`]: () => json(200, { data: null, message: 'Job deleted successfully' }),
      [`DELETE /jobs/${locked.id}`]: () => json(500, {}),
    });
    const { user } = renderJobScreens('/jobs/mine');
    await user.click(
      within(await screen.findByRole('article', { name: 'Goner' })).getByRole('button', { name: 'Delete' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete this job?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete job' }));
    expect(await screen.findByText('Job deleted successfully')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Goner' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(within(card('Locked')).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete job' }));
    expect(await screen.findByText('Failed to delete job')).toBeInTheDocument();
    expect(card('Locked')).toBeInTheDocument();
  });

  it('edits a job and says so', async () => {
    const job = makeJob({ title: 'Old title', closesAt: null });
    const { calls } = mockServer({
      [`GET /jobs/${job.id}`]: () => json(200, { data: job }),
      'GET /jobs': () => json(200, pageOf([job])),
      [`PUT /jobs/${job.id}`]: (call) =>
        json(200, { data: { ...job, ...(call.body as object) }, message: 'Job updated successfully' }),
    });
    const { user } = renderJobScreens(`/jobs/${job.id}/edit`);
    const title = await screen.findByRole('textbox', { name: /^Title/ });
    expect(title).toHaveValue('Old title');
    await user.clear(title);
    await user.type(title, 'New title');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Job updated successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ title: 'New title', salaryMin: 50000 });
  });
});
