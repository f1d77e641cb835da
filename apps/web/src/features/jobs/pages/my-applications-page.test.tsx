import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { applicant, json, makeApplication, mockServer, pageOf, renderAt } from '../jobs-test-utils';
import { MyApplicationsPage } from './my-applications-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const pending = makeApplication({ job: { id: 'j1', title: 'Animator', company: 'Frames' }, jobId: 'j1' });
const hired = makeApplication({
  job: { id: 'j2', title: 'Colourist', company: 'Tones' },
  jobId: 'j2',
  status: 'hired',
});

const renderPage = () => renderAt(<MyApplicationsPage />, { path: '/applications/mine', user: applicant });
const card = (title: string) => screen.getByRole('article', { name: title });

describe('my applications', () => {
  it('lists my applications with their status, asking for them by my email', async () => {
    const { calls } = mockServer({
      [`GET /applications/user/${applicant.email}`]: () => json(200, pageOf([pending, hired])),
    });
    renderPage();
    expect(await screen.findByRole('link', { name: 'Animator' })).toHaveAttribute('href', '/careers/j1');
    expect(within(card('Animator')).getByText('Pending')).toBeInTheDocument();
    expect(within(card('Colourist')).getByText('Hired')).toBeInTheDocument();
    // Nothing left to withdraw from once hired.
    expect(within(card('Colourist')).queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
    expect(calls[0]?.path).toBe(`/applications/user/${applicant.email}`);
  });

  it('withdraws after confirming and shows the new status', async () => {
    const { calls } = mockServer({
      [`GET /applications/user/${applicant.email}`]: () => json(200, pageOf([pending, hired])),
      [`PUT /applications/${pending.id}`]: () =>
        json(200, { data: { ...pending, status: 'withdrawn' }, message: 'Application updated successfully' }),
    });
    const { user } = renderPage();
    await user.click(
      within(await screen.findByRole('article', { name: 'Animator' })).getByRole('button', { name: 'Withdraw' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Withdraw this application?' });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Application updated successfully')).toBeInTheDocument();
    expect(within(card('Animator')).getByText('Withdrawn')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ status: 'withdrawn' });
  });

  it('does nothing when the confirmation is cancelled', async () => {
    const { calls } = mockServer({ [`GET /applications/user/${applicant.email}`]: () => json(200, pageOf([pending])) });
    const { user } = renderPage();
    await user.click(
      within(await screen.findByRole('article', { name: 'Animator' })).getByRole('button', { name: 'Delete' }),
    );
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
    expect(card('Animator')).toBeInTheDocument();
  });

  it('deletes after confirming and removes it from the list', async () => {
    mockServer({
      [`GET /applications/user/${applicant.email}`]: () => json(200, pageOf([pending, hired])),
      [`DELETE /applications/${hired.id}`]: () =>
        json(200, { data: null, message: 'Application deleted successfully' }),
    });
    const { user } = renderPage();
    await user.click(
      within(await screen.findByRole('article', { name: 'Colourist' })).getByRole('button', { name: 'Delete' }),
    );
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete this application?' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Application deleted successfully')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Colourist' })).not.toBeInTheDocument();
    expect(card('Animator')).toBeInTheDocument();
  });

  it('asks signed-out visitors to sign in', async () => {
    mockServer({});
    renderAt(<MyApplicationsPage />, { path: '/applications/mine', user: null });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });
});
