import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { SITE_NAME, pageTitle } from '@atelier/shared';
import { makeContent } from '../testing/generation-test-utils';
import { cursorPages, jsonResponse, mockServer, renderWithStore } from '../testing/render-with-store';
import { HomePage } from './home-page';

afterEach(() => vi.unstubAllGlobals());

const config = (signupCredits: number) =>
  jsonResponse(200, {
    data: {
      googleClientId: null,
      facebookAppId: null,
      signupCredits,
      generationProvider: 'local',
      paymentProvider: 'local',
      stripePublishableKey: null,
    },
  });

describe('Home page', () => {
  it('draws its first screen, then the community rows and the sign-up credits from the server', async () => {
    const server = mockServer({
      'GET /config': () => config(25),
      'GET /content': (call) =>
        cursorPages([[makeContent({ id: `c-${call.search.get('sort')}`, title: `Made ${call.search.get('sort')}` })]])(
          call,
        ),
      'GET /categories': () =>
        jsonResponse(200, {
          data: [{ id: 'cat-1', name: 'Landscapes', slug: 'landscapes' }],
          pagination: { page: 1, pageSize: 20, total: 1, totalPages: 1 },
        }),
    });
    renderWithStore(<HomePage />);
    // Its own title (a literal, so the page list stays out of the first load) is the list's.
    expect(document.title).toBe(`${pageTitle('/')} · ${SITE_NAME}`);

    // The first screen does not wait for the server or the rows' code: the rows stand as skeletons.
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Trending this week' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('list', { name: 'Newest creations' })).toHaveAttribute('aria-busy', 'true');

    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Trending this week' })).not.toHaveAttribute('aria-busy'),
    );
    expect(
      within(screen.getByRole('list', { name: 'Trending this week' })).getByText('Made trending'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Newest creations' })).getByText('Made newest')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Landscapes' })).toHaveAttribute('href', '/gallery?category=cat-1');
    expect(
      await screen.findByText(/Sign up with your email in under a minute\. New accounts start with 25 free credits/),
    ).toBeInTheDocument();
    expect(server.callsTo('GET', '/content').map((c) => c.search.get('sort'))).toEqual(['trending', 'newest']);
  });

  it('leaves out a row with nothing in it, and the credits line when sign-up gives none', async () => {
    mockServer({
      'GET /config': () => config(0),
      'GET /content': cursorPages([[]]),
      'GET /categories': () =>
        jsonResponse(200, { data: [], pagination: { page: 1, pageSize: 20, total: 0, totalPages: 0 } }),
    });
    renderWithStore(<HomePage />);

    await waitFor(() => expect(screen.queryByRole('list', { name: 'Trending this week' })).not.toBeInTheDocument());
    expect(screen.queryByRole('heading', { name: 'Newest creations' })).not.toBeInTheDocument();
    expect(screen.getByText('Sign up with your email in under a minute.')).toBeInTheDocument();
    expect(screen.queryByText(/free credits/)).not.toBeInTheDocument();
  });
});
