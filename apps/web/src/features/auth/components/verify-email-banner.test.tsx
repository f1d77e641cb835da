import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { VerifyEmailBanner } from './verify-email-banner';
import { makeUser, renderWithStore, signedInState } from '../../../testing/render-with-store';

describe('verify email banner', () => {
  it('reminds an unverified user and links to the verification page', () => {
    renderWithStore(<VerifyEmailBanner />, { preloadedState: signedInState(makeUser({ isVerified: false })) });
    expect(screen.getByRole('link', { name: 'Verify your email' })).toHaveAttribute('href', '/verify-email');
  });

  it('stays out of the way for verified users, signed-out visitors and on the verification page itself', () => {
    const first = renderWithStore(<VerifyEmailBanner />, { preloadedState: signedInState() });
    expect(screen.queryByRole('link', { name: 'Verify your email' })).not.toBeInTheDocument();
    first.unmount();

    const second = renderWithStore(<VerifyEmailBanner />);
    expect(screen.queryByRole('link', { name: 'Verify your email' })).not.toBeInTheDocument();
    second.unmount();

    renderWithStore(<VerifyEmailBanner />, {
      preloadedState: signedInState(makeUser({ isVerified: false })),
      route: '/verify-email',
    });
    expect(screen.queryByRole('link', { name: 'Verify your email' })).not.toBeInTheDocument();
  });
});
