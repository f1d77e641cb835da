import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { VerifyEmailPage } from './verify-email-page';
import {
  errorResponse,
  jsonResponse,
  makeUser,
  mockServer,
  renderWithStore,
  signedInState,
} from '../../../testing/render-with-store';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  sessionStorage.clear();
});

const unverified = makeUser({ isVerified: false });

describe('verify email page', () => {
  it('explains that signing in comes first and offers the sign-in button', async () => {
    const { user, store } = renderWithStore(<VerifyEmailPage />);
    expect(screen.getByRole('heading', { name: 'Sign in to verify your email' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(store.getState().ui.authModal.isOpen).toBe(true);
  });

  it('says the code went out at sign-up, and to which address, with a resend after a cool-down', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-03-01T12:00:20Z') });
    const server = mockServer({
      'POST /auth/request-verification': () =>
        jsonResponse(200, { data: null, message: 'A verification code has been sent to your email' }),
    });
    const fresh = makeUser({ isVerified: false, createdAt: '2026-03-01T12:00:00.000Z' });
    const { user } = renderWithStore(<VerifyEmailPage />, { preloadedState: signedInState(fresh) });

    expect(screen.getByText(/when you signed up/)).toHaveTextContent(
      'We emailed a 6-digit code to ada@example.com when you signed up.',
    );
    expect(screen.queryByText(/Press/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a new code in 40s' })).toBeDisabled();

    await vi.advanceTimersByTimeAsync(40_000);
    const resend = await screen.findByRole('button', { name: 'Send a new code' });
    expect(resend).toBeEnabled();
    await user.click(resend);
    expect(await screen.findByText('A verification code has been sent to your email')).toBeInTheDocument();
    expect(server.callsTo('POST', '/auth/request-verification')).toHaveLength(1);
    expect(screen.getByText(/We sent a new 6-digit code to/)).toHaveTextContent('ada@example.com');
    expect(screen.getByRole('button', { name: 'Send a new code in 60s' })).toBeDisabled();
  });

  it('sends a code, then verifies the entered code and marks the user verified', async () => {
    const server = mockServer({
      'POST /auth/request-verification': () => jsonResponse(200, { data: null, message: 'Verification code sent' }),
      'POST /auth/verify-email': () => jsonResponse(200, { data: { user: { ...unverified, isVerified: true } } }),
    });
    const { user, store } = renderWithStore(<VerifyEmailPage />, { preloadedState: signedInState(unverified) });

    // Signed up long ago: the cool-down is over and a new code can be asked for at once.
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('Verification code sent')).toBeInTheDocument();
    expect(server.callsTo('POST', '/auth/request-verification')).toHaveLength(1);
    expect(screen.getByRole('button', { name: /Send a new code in \d+s/ })).toBeDisabled();

    const boxes = within(screen.getByRole('group', { name: 'Verification code' })).getAllByRole('textbox');
    await user.click(boxes[0]!);
    await user.keyboard('24');
    await user.click(screen.getByRole('button', { name: 'Verify email' }));
    expect(await screen.findByText('Please enter a complete 6-digit code')).toBeInTheDocument();
    expect(server.callsTo('POST', '/auth/verify-email')).toHaveLength(0);

    await user.click(boxes[2]!);
    // The sixth digit sends the code: no button to press.
    await user.keyboard('6810');

    expect(await screen.findByText('Your email address ada@example.com is verified.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/auth/verify-email')[0]?.body).toEqual({ code: '246810' });
    expect(store.getState().auth.user?.isVerified).toBe(true);
    expect(screen.getByText('Your email has been verified')).toBeInTheDocument();
  });

  it("shows the server's message for a wrong code, else the spec's default", async () => {
    let reply = () => errorResponse(400, 'Invalid or expired code');
    mockServer({ 'POST /auth/verify-email': () => reply() });
    const { user, store } = renderWithStore(<VerifyEmailPage />, { preloadedState: signedInState(unverified) });
    const boxes = within(screen.getByRole('group', { name: 'Verification code' })).getAllByRole('textbox');
    await user.click(boxes[0]!);
    await user.paste('111111');
    await user.click(screen.getByRole('button', { name: 'Verify email' }));
    expect(await screen.findByText('Invalid or expired code')).toBeInTheDocument();

    reply = () => new Response('', { status: 500 });
    await user.click(screen.getByRole('button', { name: 'Verify email' }));
    expect(await screen.findByText('Failed to verify email')).toBeInTheDocument();
    expect(store.getState().auth.user?.isVerified).toBe(false);
  });

  it("toasts the spec's default when sending the code fails", async () => {
    mockServer({ 'POST /auth/request-verification': () => new Response('', { status: 503 }) });
    const { user } = renderWithStore(<VerifyEmailPage />, { preloadedState: signedInState(unverified) });
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('Failed to request email verification')).toBeInTheDocument();
  });

  it('tells a verified user that nothing is left to do', () => {
    renderWithStore(<VerifyEmailPage />, { preloadedState: signedInState() });
    expect(screen.getByText('Your email address ada@example.com is verified.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Send a new code/ })).not.toBeInTheDocument();
  });
});
