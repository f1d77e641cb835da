import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicant, json, makeApplication, makeJob, mockServer, owner, renderAt } from '../jobs-test-utils';
import { JobPage } from './job-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const job = makeJob({ title: 'Storyboard artist', requirements: ['Drawing', 'Speed'], description: 'Sketch fast.' });

const renderJob = (user: typeof applicant | null, id = job.id) =>
  renderAt(<JobPage />, { path: '/careers/:id', route: `/careers/${id}`, user });

describe('job page', () => {
  it('shows the job and applies with the prefilled name and email', async () => {
    const { calls } = mockServer({
      [`GET /jobs/${job.id}`]: () => json(200, { data: job }),
      'POST /applications': () =>
        json(201, { data: makeApplication({ jobId: job.id }), message: 'Application submitted successfully' }),
    });
    const { user } = renderJob(applicant);
    expect(await screen.findByRole('heading', { level: 1, name: 'Storyboard artist' })).toBeInTheDocument();
    expect(screen.getByText('Speed')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue(applicant.fullName);
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveValue(applicant.email);

    await user.type(screen.getByRole('textbox', { name: /^Cover letter/ }), 'I draw quickly.');
    await user.type(screen.getByRole('textbox', { name: /^Portfolio URL/ }), 'https://ari.example.com');
    await user.click(screen.getByRole('button', { name: 'Submit application' }));

    expect(await screen.findByText('Application submitted successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      jobId: job.id,
      name: applicant.fullName,
      email: applicant.email,
      coverLetter: 'I draw quickly.',
      portfolioUrl: 'https://ari.example.com',
    });
    expect(screen.getByText('Application sent')).toBeInTheDocument();
  });

  it('sends a PDF résumé as a multipart form and refuses other files before sending', async () => {
    const { calls } = mockServer({
      [`GET /jobs/${job.id}`]: () => json(200, { data: job }),
      'POST /applications': () =>
        json(201, {
          data: makeApplication({ jobId: job.id, hasResume: true }),
          message: 'Application submitted successfully',
        }),
    });
    const { user } = renderJob(applicant);
    const input = await screen.findByLabelText(/^Résumé/);

    // A file picker can still hand over another type ("All files"), which the accept filter does not stop.
    await userEvent.setup({ applyAccept: false }).upload(input, new File(['png'], 'cv.png', { type: 'image/png' }));
    expect(screen.getByText('Résumé must be a PDF')).toBeInTheDocument();

    await user.upload(input, new File(['%PDF-1.4'], 'cv.pdf', { type: 'application/pdf' }));
    expect(screen.queryByText('Résumé must be a PDF')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    expect(await screen.findByText('Application submitted successfully')).toBeInTheDocument();
    const body = calls.find((c) => c.method === 'POST')?.body as FormData;
    expect(body.get('jobId')).toBe(job.id);
    // jsdom's File loses its name crossing into Node's fetch; its type is what survives.
    expect(body.get('resume')).toMatchObject({ type: 'application/pdf' });
  });

  it("shows the server's reason when the application is refused", async () => {
    mockServer({
      [`GET /jobs/${job.id}`]: () => json(200, { data: job }),
      'POST /applications': () =>
        json(409, {
          statusCode: 409,
          code: 'CONFLICT',
          error: 'Conflict',
          message: 'You have already applied to this job',
        }),
    });
    const { user } = renderJob(applicant);
    await user.click(await screen.findByRole('button', { name: 'Submit application' }));
    expect(await screen.findByText('You have already applied to this job')).toBeInTheDocument();
  });

  it('asks signed-out visitors to sign in to apply', async () => {
    mockServer({ [`GET /jobs/${job.id}`]: () => json(200, { data: job }) });
    const { store, user } = renderJob(null);
    await user.click(await screen.findByRole('button', { name: 'Sign in to apply' }));
    expect(store.getState().ui.authModal).toEqual({ isOpen: true, mode: 'login', intent: null });
    expect(screen.queryByRole('button', { name: 'Submit application' })).not.toBeInTheDocument();
  });

  it('gives the owner the way to the applications instead of a form, and says when a job is closed', async () => {
    const closed = makeJob({ title: 'Closed role', isAcceptingApplications: false });
    mockServer({
      [`GET /jobs/${job.id}`]: () => json(200, { data: job }),
      [`GET /jobs/${closed.id}`]: () => json(200, { data: closed }),
    });
    const mine = renderJob(owner);
    expect(await screen.findByRole('link', { name: 'View applications' })).toHaveAttribute(
      'href',
      `/jobs/${job.id}/applications`,
    );
    expect(screen.queryByRole('button', { name: 'Submit application' })).not.toBeInTheDocument();
    mine.view.unmount();

    renderJob(applicant, closed.id);
    expect(await screen.findByText('This job is no longer accepting applications.')).toBeInTheDocument();
  });
});
