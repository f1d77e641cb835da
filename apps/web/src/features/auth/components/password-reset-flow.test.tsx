import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { AuthModal } from './auth-modal';
import { uiActions } from '../../ui';
import { initialAuthState } from '../auth-slice';
import { errorResponse, jsonResponse, mockServer, renderWithStore } from '../../../testing/render-with-store';

const configRoute = {
  'GET /config': () => jsonResponse(200, { data: { googleClientId: null, facebookAppId: null, signupCredits: 50 } }),
};

function openReset() {
  const view = renderWithStore(<AuthModal />);
  view.store.dispatch(uiActions.authModalOpened('forgotPassword'));
  return view;
}

const boxes = () => within(screen.getByRole('group', { name: 'Verification code' })).getAllByRole('textbox');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('password reset flow', () => {
  it('goes from email to code to new password to success, and back to login', async () => {
    const server = mockServer({
      ...configRoute,
      'POST /auth/forgot-password': () =>
        jsonResponse(200, { data: null, message: 'If that account exists, a code is on its way' }),
      'POST /auth/verify-reset-otp': () => jsonResponse(200, { data: { resetToken: 'reset-token-1' } }),
      'POST /auth/reset-password': () => jsonResponse(200, { data: null, message: 'Password has been reset' }),
    });
    const { user, store } = openReset();

    await user.type(await screen.findByLabelText(/^email/i), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    expect(await screen.findByRole('group', { name: 'Verification code' })).toBeInTheDocument();
    expect(server.callsTo('POST', '/auth/forgot-password')[0]?.body).toEqual({ email: 'ada@example.com' });
    expect(store.getState().auth.passwordResetRequested).toBe(true);
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(boxes()[0]).toHaveFocus();

    // The sixth digit sends the code: no button to press.
    await user.paste('123456');

    const newPassword = await screen.findByLabelText(/^new password/i);
    expect(server.callsTo('POST', '/auth/verify-reset-otp')[0]?.body).toEqual({
      email: 'ada@example.com',
      code: '123456',
    });
    expect(store.getState().auth).toMatchObject({ otpVerified: true, resetToken: 'reset-token-1' });

    await user.type(newPassword, 'Better123');
    await user.type(screen.getByLabelText(/^confirm new password/i), 'Better123');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText('Password Reset Successful')).toBeInTheDocument();
    expect(server.callsTo('POST', '/auth/reset-password')[0]?.body).toEqual({
      resetToken: 'reset-token-1',
      newPassword: 'Better123',
    });
    expect(store.getState().auth).toMatchObject({
      passwordResetRequested: false,
      otpVerified: false,
      resetToken: null,
    });

    await user.click(screen.getByRole('button', { name: 'Return to Login' }));
    expect(screen.getByRole('dialog', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(store.getState().ui.authModal.mode).toBe('login');
  });

  it('requires a valid email before sending', async () => {
    const server = mockServer(configRoute);
    const { user } = openReset();
    await user.click(await screen.findByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(server.callsTo('POST', '/auth/forgot-password')).toHaveLength(0);
  });

  it("shows the spec's default when the request fails without a message", async () => {
    mockServer({ ...configRoute, 'POST /auth/forgot-password': () => new Response('', { status: 500 }) });
    const { user } = openReset();
    await user.type(await screen.findByLabelText(/^email/i), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to request password reset');
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeInTheDocument();
  });

  it('asks for all six digits, shows a wrong code, and Resend returns to the email step', async () => {
    let verifyReply = () => errorResponse(400, '');
    const server = mockServer({
      ...configRoute,
      'POST /auth/forgot-password': () => jsonResponse(200, { data: null, message: 'Sent' }),
      'POST /auth/verify-reset-otp': () => verifyReply(),
    });
    const { user, store } = openReset();
    await user.type(await screen.findByLabelText(/^email/i), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await screen.findByRole('group', { name: 'Verification code' });

    await user.keyboard('123');
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(await screen.findByText('Please enter a complete 6-digit code')).toBeInTheDocument();
    expect(server.callsTo('POST', '/auth/verify-reset-otp')).toHaveLength(0);

    await user.click(boxes()[3]!);
    await user.keyboard('456');
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(await screen.findByText('Invalid or expired code. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('Please enter a complete 6-digit code')).not.toBeInTheDocument();

    verifyReply = () => errorResponse(400, 'That code has expired');
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(await screen.findByText('That code has expired')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Resend' }));
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^email/i)).toHaveValue('ada@example.com');
    expect(store.getState().auth.passwordResetRequested).toBe(false);
    expect(screen.queryByText('That code has expired')).not.toBeInTheDocument();
  });

  it("checks the new password with the spec's rules in order, then the confirmation", async () => {
    let resetReply = () => new Response('', { status: 500 });
    const server = mockServer({ ...configRoute, 'POST /auth/reset-password': () => resetReply() });
    const { user, store } = renderWithStore(<AuthModal />, {
      preloadedState: {
        auth: {
          ...initialAuthState,
          passwordResetRequested: true,
          resetEmail: 'ada@example.com',
          otpVerified: true,
          resetToken: 'token-9',
        },
      },
    });
    store.dispatch(uiActions.authModalOpened('forgotPassword'));

    const password = await screen.findByLabelText(/^new password/i);
    const confirm = screen.getByLabelText(/^confirm new password/i);
    const submit = () => user.click(screen.getByRole('button', { name: 'Reset Password' }));
    const attempts: [string, string][] = [
      ['Ab1', 'Password must be at least 8 characters long'],
      ['ABCDEFG1', 'Password must contain at least one lowercase letter'],
      ['abcdefg1', 'Password must contain at least one uppercase letter'],
      ['Abcdefgh', 'Password must contain at least one number'],
    ];
    for (const [value, message] of attempts) {
      await user.clear(password);
      await user.type(password, value);
      await submit();
      expect(await screen.findByText(message)).toBeInTheDocument();
    }

    await user.clear(password);
    await user.type(password, 'Abcdefg1');
    await user.type(confirm, 'Abcdefg2');
    await submit();
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.queryByText(/Password must/)).not.toBeInTheDocument();
    expect(server.callsTo('POST', '/auth/reset-password')).toHaveLength(0);

    await user.clear(confirm);
    await user.type(confirm, 'Abcdefg1');
    await submit();
    expect(await screen.findByText('Failed to reset password. Please try again.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/auth/reset-password')[0]?.body).toEqual({
      resetToken: 'token-9',
      newPassword: 'Abcdefg1',
    });

    resetReply = () => errorResponse(400, 'This reset link has already been used');
    await submit();
    expect(await screen.findByText('This reset link has already been used')).toBeInTheDocument();
    expect(screen.queryByText('Password Reset Successful')).not.toBeInTheDocument();
  });

  it('keeps the code step when the modal is closed and reopened', async () => {
    mockServer({ ...configRoute, 'POST /auth/forgot-password': () => jsonResponse(200, { data: null }) });
    const { user, store } = openReset();
    await user.type(await screen.findByLabelText(/^email/i), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await screen.findByRole('group', { name: 'Verification code' });

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    store.dispatch(uiActions.authModalOpened('forgotPassword'));
    expect(await screen.findByRole('group', { name: 'Verification code' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
  });
});
