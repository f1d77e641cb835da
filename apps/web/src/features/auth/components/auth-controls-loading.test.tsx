import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AuthControls } from './auth-controls';
import { makeUser, renderWithStore, signedInState } from '../../../testing/render-with-store';

// The account menu is its own chunk; here it arrives only when the test lets it, so what the header
// draws meanwhile can be seen.
const menuChunk = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { arrive: () => arrive(), arrived };
});
vi.mock('./user-menu', async (importOriginal) => {
  await menuChunk.arrived;
  return importOriginal();
});

describe('header auth controls while the account menu loads', () => {
  it("hold the account button's place with the same name and credits, then hand focus to the menu's own button", async () => {
    const { user } = renderWithStore(<AuthControls />, {
      preloadedState: signedInState(makeUser({ name: 'Ada Lovelace', credits: 1250 })),
    });
    const lookAlike = screen.getByRole('button', { name: /Ada Lovelace/ });
    expect(lookAlike).toHaveAttribute('aria-disabled', 'true');
    expect(lookAlike).toHaveTextContent('1,250 credits');
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
    // It does nothing yet, but it can hold focus: closing the sign-in modal puts focus there.
    await user.click(lookAlike);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(lookAlike).toHaveFocus();

    await act(async () => menuChunk.arrive());
    const trigger = await screen.findByRole('button', { name: /Ada Lovelace/, expanded: false });
    expect(trigger).not.toBe(lookAlike);
    expect(trigger).toHaveTextContent('AL');
    expect(trigger).toHaveTextContent('1,250 credits');
    // The button takes focus in its effect, which runs a tick after the retried render shows it.
    await vi.waitFor(() => expect(trigger).toHaveFocus());
    await user.click(trigger);
    expect(screen.getByRole('menu', { name: 'Account' })).toBeInTheDocument();
  });
});
