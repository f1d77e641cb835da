import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import {
  errorResponse,
  jsonResponse,
  makeUser,
  mockServer,
  renderWithStore,
  signedInState,
} from '../../../testing/render-with-store';
import { AdminGenerationPage } from './admin-generation-page';

afterEach(() => vi.unstubAllGlobals());

const models = {
  data: {
    creditValueUsd: 0.0286,
    creditValueSource: 'credit product “Studio pack”',
    models: [
      {
        contentType: 'video',
        model: 'runway-gen3',
        name: 'Runway Gen-3',
        provider: 'runway',
        endpoint: 'Runway gen4.5 (text_to_video / image_to_video)',
        credits: 25,
        chargedUsd: 0.7143,
        costUsd: 0.5,
        marginUsd: 0.2143,
        marginPercent: 30,
      },
      {
        contentType: 'video',
        model: 'luma-dream',
        name: 'Luma Dream Machine',
        provider: 'luma',
        endpoint: 'Luma ray-2',
        credits: 20,
        chargedUsd: 0.5714,
        costUsd: null,
        marginUsd: null,
        marginPercent: null,
      },
      {
        contentType: 'vector',
        model: 'stable-diffusion-xl',
        name: 'Stable Diffusion XL',
        provider: 'runway',
        endpoint: null,
        credits: 5,
        chargedUsd: 0.1429,
        costUsd: null,
        marginUsd: null,
        marginPercent: null,
      },
      {
        contentType: 'gif',
        model: 'stable-diffusion-xl',
        name: 'Stable Diffusion XL',
        provider: 'local',
        endpoint: 'Atelier local renderer (procedural stand-in, not an AI model)',
        credits: 5,
        chargedUsd: 0.1429,
        costUsd: 0,
        marginUsd: 0.1429,
        marginPercent: 100,
      },
    ],
  },
};

function renderPage(server: Parameters<typeof mockServer>[0], role: 'admin' | 'user' = 'admin') {
  const calls = mockServer(server);
  const view = renderWithStore(
    <Routes>
      <Route path="/admin/generation" element={<AdminGenerationPage />} />
    </Routes>,
    { preloadedState: signedInState(makeUser({ role })), route: '/admin/generation' },
  );
  return { ...view, calls };
}

describe('/admin/generation', () => {
  it('shows each model’s provider, vendor endpoint, cost and margin per generation', async () => {
    renderPage({ 'GET /admin/generation/models': () => jsonResponse(200, models) });
    expect(await screen.findByRole('heading', { name: 'Models & costs' })).toBeInTheDocument();
    expect(screen.getByText(/Credits are valued at \$0\.0286 each/)).toBeInTheDocument();
    const rows = screen.getAllByRole('row');
    const runway = within(rows[1] as HTMLElement);
    expect(runway.getByText('Runway Gen-3')).toBeInTheDocument();
    expect(runway.getByText('Runway')).toBeInTheDocument();
    expect(runway.getByText('Runway gen4.5 (text_to_video / image_to_video)')).toBeInTheDocument();
    expect(runway.getByText('$0.50')).toBeInTheDocument();
    expect(runway.getByText('$0.21 (30%)')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('Not set')).toBeInTheDocument();
    expect(within(rows[3] as HTMLElement).getByText('Not made by this provider: generations fail')).toBeInTheDocument();
    expect(within(rows[4] as HTMLElement).getByText('Local renderer')).toBeInTheDocument();
  });

  it('explains a failed load and retries', async () => {
    let fail = true;
    const { user } = renderPage({
      'GET /admin/generation/models': () => (fail ? errorResponse(500) : jsonResponse(200, models)),
    });
    expect(await screen.findByText('Failed to fetch the models')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Runway Gen-3')).toBeInTheDocument();
  });

  it('is refused to members without asking the server', async () => {
    const { calls } = renderPage({}, 'user');
    expect(await screen.findByText('Admins only')).toBeInTheDocument();
    expect(calls.callsTo('GET', '/admin/generation/models')).toHaveLength(0);
  });
});
