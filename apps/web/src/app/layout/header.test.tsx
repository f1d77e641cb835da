import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { jsonResponse, makeUser, mockServer, renderWithStore, signedInState } from '../../testing/render-with-store';
import { Header } from './header';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Header', () => {
  it('links to the main sections', () => {
    mockServer({});
    renderWithStore(<Header />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Gallery' })).toHaveAttribute('href', '/gallery');
    expect(within(nav).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
    expect(within(nav).getByRole('link', { name: 'Careers' })).toHaveAttribute('href', '/careers');
    expect(within(nav).getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/help-center');
    expect(screen.getByRole('link', { name: 'Atelier, home' })).toHaveAttribute('href', '/');
  });

  it('asks a signed-out visitor to create an account when they press Create, headed for Generate', async () => {
    mockServer({});
    const { user, store } = renderWithStore(<Header />);
    await user.click(screen.getAllByRole('button', { name: 'Create' })[0]!);
    expect(store.getState().ui.authModal).toEqual({
      isOpen: true,
      mode: 'signup',
      intent: { kind: 'generate', contentType: 'photo' },
    });
    expect(store.getState().ui.modelDialog.isOpen).toBe(false);
  });

  it('opens the Generate dialog for photos when a signed-in member presses Create', async () => {
    mockServer({});
    const { user, store } = renderWithStore(<Header />, { preloadedState: signedInState() });
    await user.click(screen.getAllByRole('button', { name: 'Create' })[0]!);
    expect(store.getState().ui.modelDialog).toMatchObject({ isOpen: true, contentType: 'photo' });
    expect(store.getState().ui.authModal.isOpen).toBe(false);
  });

  it('opens the mobile menu, and closes it on navigation and on Escape', async () => {
    mockServer({});
    const { user, store } = renderWithStore(<Header />);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(store.getState().ui.isMenuOpen).toBe(true);
    const mobileNav = screen.getByRole('navigation', { name: 'Main, mobile' });
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');

    await user.click(within(mobileNav).getByRole('link', { name: 'Pricing' }));
    expect(store.getState().ui.isMenuOpen).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(store.getState().ui.isMenuOpen).toBe(true);
    await user.keyboard('{Escape}');
    expect(store.getState().ui.isMenuOpen).toBe(false);
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });

  it('draws Sign in and Sign up for a visitor on the first render, with nothing of the signed-in header', () => {
    mockServer({});
    renderWithStore(<Header />);
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Sign up' })).toBeInTheDocument();
    expect(within(banner).queryByText('Messages')).not.toBeInTheDocument();
    expect(within(banner).queryByRole('button', { name: /Notifications/ })).not.toBeInTheDocument();
    expect(banner.querySelector('.user-menu')).toBeNull();
  });

  it('gives a signed-in member the notifications bell with its unread count', async () => {
    mockServer({ 'GET /notifications/unread-count': () => jsonResponse(200, { data: { unread: 4 } }) });
    renderWithStore(<Header />, { preloadedState: signedInState() });
    const banner = screen.getByRole('banner');
    expect(await within(banner).findByRole('button', { name: 'Notifications, 4 unread' })).toHaveTextContent('4');
  });

  it("gives a signed-in member their account menu and Messages with the unread count, holding the account button's place at once", async () => {
    const server = mockServer({ 'GET /messages/unread-count': () => jsonResponse(200, { data: { count: 3 } }) });
    const { user } = renderWithStore(<Header />, {
      preloadedState: signedInState(makeUser({ name: 'Ada Lovelace', credits: 1250 })),
    });
    const banner = screen.getByRole('banner');
    // The account menu and the unread count are their own chunks; until they arrive, the button's
    // look-alike (the same name and credits) and a plain Messages link keep the header from moving.
    expect(within(banner).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(banner).getByText('1,250 credits')).toBeInTheDocument();
    expect(within(banner).getAllByText('Messages').length).toBeGreaterThan(0);
    expect(within(banner).queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();

    const account = await within(banner).findByRole('button', { name: /Ada Lovelace/, expanded: false });
    expect(account).toHaveTextContent('1,250 credits');
    await user.click(account);
    expect(within(banner).getByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();

    expect(within(banner).getByRole('link', { name: /Messages/ })).toHaveAttribute('href', '/messages');
    expect(await within(banner).findAllByLabelText('3 unread')).not.toHaveLength(0);
    expect(server.callsTo('GET', '/messages/unread-count')).not.toHaveLength(0);
  });

  it('puts Messages in the mobile menu for a signed-in member', async () => {
    mockServer({ 'GET /messages/unread-count': () => jsonResponse(200, { data: { count: 2 } }) });
    const { user, store } = renderWithStore(<Header />, { preloadedState: signedInState() });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const mobileNav = screen.getByRole('navigation', { name: 'Main, mobile' });
    const link = within(mobileNav).getByRole('link', { name: /Messages/ });
    expect(link).toHaveAttribute('href', '/messages');
    await user.click(link);
    expect(store.getState().ui.isMenuOpen).toBe(false);
  });

  it('shows no Messages link to a visitor', async () => {
    mockServer({});
    const { user } = renderWithStore(<Header />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.queryByRole('link', { name: /Messages/ })).not.toBeInTheDocument();
  });

  it('closes the mobile menu when the sign-in dialog opens', async () => {
    mockServer({});
    const { user, store } = renderWithStore(<Header />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(store.getState().ui.isMenuOpen).toBe(true);
    await user.click(screen.getAllByRole('button', { name: 'Sign in' })[0]!);
    expect(store.getState().ui.authModal.isOpen).toBe(true);
    expect(store.getState().ui.isMenuOpen).toBe(false);
  });
});
