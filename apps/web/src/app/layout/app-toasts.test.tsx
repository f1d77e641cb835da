import { act, render, screen } from '@testing-library/react';
import { toast } from 'react-toastify';
import { describe, expect, it } from 'vitest';
import { AppToasts } from './app-toasts';

describe('toasts', () => {
  it('appear at the bottom, away from dialog titles and the header’s credits pill', async () => {
    render(<AppToasts />);
    act(() => {
      toast.success('Saved to Harbours');
    });
    const message = await screen.findByText('Saved to Harbours');
    const container = message.closest('.Toastify__toast-container');
    expect(container).toHaveClass('Toastify__toast-container--bottom-right');
    expect(container?.className).not.toMatch(/--top-/);
  });
});
