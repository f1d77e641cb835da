import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import {
  errorResponse,
  jsonResponse,
  makeUser,
  mockServer,
  renderWithStore,
  signedInState,
} from '../testing/render-with-store';
import { ContactPage } from './contact-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function fillForm(user: ReturnType<typeof renderWithStore>['user']) {
  await user.type(screen.getByLabelText(/^Name/), 'Grace Hopper');
  await user.type(screen.getByLabelText(/^Email/), 'grace@example.com');
  await user.type(screen.getByLabelText(/^Subject/), 'Billing question');
  await user.type(screen.getByLabelText(/^Message/), 'How do yearly plans add credits?');
}

describe('ContactPage', () => {
  it('shows what is wrong and sends nothing when the form is incomplete', async () => {
    const server = mockServer({});
    const { user } = renderWithStore(<ContactPage />, { route: '/contact-us' });

    await user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Subject is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(server.calls).toHaveLength(0);
  });

  it('posts the message and shows the server’s confirmation', async () => {
    const server = mockServer({
      'POST /contact': () => jsonResponse(201, { data: { id: 'm1' }, message: 'Thanks! Your message has been sent.' }),
    });
    const { user } = renderWithStore(<ContactPage />, { route: '/contact-us' });

    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText('Thanks! Your message has been sent.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/contact')).toHaveLength(1);
    expect(server.callsTo('POST', '/contact')[0]!.body).toEqual({
      name: 'Grace Hopper',
      email: 'grace@example.com',
      subject: 'Billing question',
      message: 'How do yearly plans add credits?',
    });
    // Ready for the next message, without retyping who you are.
    expect(screen.getByLabelText(/^Subject/)).toHaveValue('');
    expect(screen.getByLabelText(/^Message/)).toHaveValue('');
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Grace Hopper');
  });

  it('shows the server’s message when sending fails', async () => {
    mockServer({ 'POST /contact': () => errorResponse(429, 'Too many messages. Please try again in a minute.') });
    const { user } = renderWithStore(<ContactPage />, { route: '/contact-us' });

    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText('Too many messages. Please try again in a minute.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Message/)).toHaveValue('How do yearly plans add credits?');
  });

  it('falls back to “Failed to send message” when the server says nothing useful', async () => {
    mockServer({ 'POST /contact': () => new Response('upstream down', { status: 502 }) });
    const { user } = renderWithStore(<ContactPage />, { route: '/contact-us' });

    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText('Failed to send message')).toBeInTheDocument();
  });

  it('fills in the name and email of a signed-in member', () => {
    mockServer({});
    renderWithStore(<ContactPage />, {
      route: '/contact-us',
      preloadedState: signedInState(makeUser({ fullName: 'Ada Lovelace', email: 'ada@example.com' })),
    });
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Ada Lovelace');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('ada@example.com');
  });
});
