import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ToastContainer } from 'react-toastify';
import type { Application, Job, Pagination, PublicUser } from '@atelier/shared';
import { makeStore } from '../../testing/store';
import { initialAuthState } from '../auth';

export const owner: PublicUser = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Olga Owner',
  fullName: 'Olga Owner',
  username: 'olga',
  email: 'olga@example.com',
  avatar: null,
  role: 'user',
  credits: 0,
  isVerified: true,
  bio: null,
  website: null,
  location: null,
  referralCode: 'OLGA01',
  createdAt: '2025-01-01T00:00:00.000Z',
};

export const applicant: PublicUser = {
  ...owner,
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Ari Applicant',
  fullName: 'Ari Applicant',
  username: 'ari',
  email: 'ari@example.com',
  referralCode: 'ARI001',
};

let seq = 0;
const nextId = (prefix: string) => {
  seq += 1;
  return `${prefix}${String(seq).padStart(4, '0')}-0000-4000-8000-000000000000`.slice(0, 36);
};

export function makeJob(overrides: Partial<Job> = {}): Job {
  return {
    id: nextId('aaaa'),
    title: 'Motion designer',
    company: 'Loopworks',
    location: 'Berlin',
    employmentType: 'full_time',
    isRemote: false,
    salaryMin: 50000,
    salaryMax: 70000,
    currency: 'EUR',
    description: 'Make loops move.',
    requirements: ['After Effects'],
    tags: ['motion'],
    isActive: true,
    closesAt: null,
    isAcceptingApplications: true,
    owner: { id: owner.id, username: owner.username, fullName: owner.fullName },
    applicationCount: 0,
    createdAt: '2025-03-01T10:00:00.000Z',
    updatedAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makeApplication(overrides: Partial<Application> = {}): Application {
  const jobId = overrides.jobId ?? 'aaaa0000-0000-4000-8000-000000000000';
  return {
    id: nextId('bbbb'),
    jobId,
    job: { id: jobId, title: 'Motion designer', company: 'Loopworks' },
    applicant: { id: applicant.id, username: applicant.username, fullName: applicant.fullName },
    name: applicant.fullName,
    email: applicant.email,
    coverLetter: 'Hello',
    portfolioUrl: null,
    hasResume: false,
    status: 'pending',
    createdAt: '2025-03-02T10:00:00.000Z',
    updatedAt: '2025-03-02T10:00:00.000Z',
    ...overrides,
  };
}

export function pageOf<T>(
  data: T[],
  page = 1,
  pageSize = 10,
  total = data.length,
): { data: T[]; pagination: Pagination } {
  return { data, pagination: { page, pageSize, total, totalPages: Math.max(1, Math.ceil(total / pageSize)) } };
}

export { jsonResponse as json, mockServer, type RecordedCall } from '../../testing/mock-server';

export function storeFor(user: PublicUser | null) {
  return makeStore({ auth: { ...initialAuthState, user, isAuthenticated: user !== null } });
}

/** Renders a screen at a route with a real store, a memory router and the toast area. */
export function renderAt(
  ui: ReactElement,
  { path = '/', route = path, user = null }: { path?: string; route?: string; user?: PublicUser | null } = {},
) {
  const store = storeFor(user);
  const view = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={path} element={ui} />
          <Route path="*" element={<p>Elsewhere</p>} />
        </Routes>
        <ToastContainer autoClose={false} />
      </MemoryRouter>
    </Provider>,
  );
  return { store, view, user: userEvent.setup() };
}
