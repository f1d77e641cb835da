import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DateTime } from './date-time';
import { formatDate } from './format';

const AT = '2026-03-14T15:09:26.000Z';

describe('DateTime', () => {
  it('writes the date in the viewer’s locale once the browser is idle, the calendar date until then', async () => {
    render(<DateTime value={AT} />);
    const time = screen.getByText(/2026/);
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', AT);
    expect(time).toHaveTextContent(/^2026-03-14$/);
    expect(await screen.findByText(formatDate(AT))).toBe(time);
  });

  it('writes the local form at once when the page has formatted a date already', () => {
    formatDate(AT);
    render(<DateTime value={AT} />);
    expect(screen.getByText(formatDate(AT)).tagName).toBe('TIME');
  });
});
