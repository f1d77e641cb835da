import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { makeStore } from '../store';
import { routes } from '../router';
import { mockServer } from '../../testing/render-with-store';
import { keepServerShell, serverShell } from '../server-shell';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderApp(path: string) {
  mockServer({});
  const store = makeStore();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { store, router, user };
}

describe('Layout', () => {
  it('frames every page with a skip link, the header, main content and the footer', async () => {
    renderApp('/about-us');
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'A studio for ideas that start as a sentence' }),
    ).toBeInTheDocument();
    // The toast area arrives once the page has loaded.
    expect(await screen.findByRole('region', { name: 'Notifications Alt+T' })).toBeInTheDocument();
  });

  it("keeps the server's markup on screen until the first page has arrived, then uses its own placeholder", async () => {
    const root = document.createElement('div');
    root.innerHTML = '<main class="app-main"><div class="page-header"><h1>From the server</h1></div></main>';
    keepServerShell(root);
    // No other test of this file opens the pricing page, so its chunk is not loaded yet.
    renderApp('/pricing');
    expect(screen.getByRole('heading', { level: 1, name: 'From the server' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pay for what you make, nothing more' }, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'From the server' })).not.toBeInTheDocument();
    // The shell is let go in an effect after the page's first commit, a moment later on a busy machine.
    await waitFor(() => expect(serverShell()).toBeNull());
  });

  it('links every company and legal page from the footer', async () => {
    renderApp('/');
    // The footer comes with the page, once its chunk has loaded.
    const footer = await screen.findByRole('contentinfo', {}, { timeout: 4000 });
    for (const [name, href] of [
      ['About us', '/about-us'],
      ['AI ethics', '/ai-ethics'],
      ['Careers', '/careers'],
      ['Contact us', '/contact-us'],
      ['Pricing', '/pricing'],
      ['Terms of service', '/terms-of-services'],
      ['Privacy policy', '/privacy-policy'],
      ['Help center', '/help-center'],
      ['Gallery', '/gallery'],
    ]) {
      expect(within(footer).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(within(footer).getByText(/© \d{4} Atelier/)).toBeInTheDocument();
  });

  it('navigates from the footer and retitles the page', async () => {
    const { user, router } = renderApp('/');
    await user.click(
      within(await screen.findByRole('contentinfo', {}, { timeout: 4000 })).getByRole('link', {
        name: 'Terms of service',
      }),
    );
    expect(router.state.location.pathname).toBe('/terms-of-services');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of service' })).toBeInTheDocument();
    // The title is set in an effect, which may run just after the heading is in the document.
    await waitFor(() => expect(document.title).toBe('Terms of service · Atelier'));
  });

  it('opens /content?id=… at /content/{id}, and a bare /content at the gallery', async () => {
    const { router } = renderApp('/content?id=abc-123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/content/abc-123'));
    vi.unstubAllGlobals();
    const bare = renderApp('/content');
    await waitFor(() => expect(bare.router.state.location.pathname).toBe('/gallery'));
  });

  it('applies the saved theme to the page', () => {
    localStorage.setItem('app-theme', 'ocean');
    renderApp('/');
    expect(document.documentElement.getAttribute('data-theme')).toBe('ocean');
  });
});
