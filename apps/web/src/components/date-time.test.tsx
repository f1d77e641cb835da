import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DateTime } from './date-time';
import { formatDate, formatDay } from './format';

describe('dates', () => {
  it('writes a date and time as en-US does, in the viewer’s time zone', () => {
    // No zone in the text: the local time of the test's machine, whatever its zone.
    expect(formatDate('2025-03-04T18:45:00')).toBe('Mar 4, 2025, 6:45 PM');
    expect(formatDate('2025-12-31T00:05:00')).toBe('Dec 31, 2025, 12:05 AM');
    expect(formatDate('2025-07-01T12:00:00')).toBe('Jul 1, 2025, 12:00 PM');
    const at = new Date('2026-03-14T15:09:26.000Z');
    expect(formatDate(at.toISOString())).toBe(
      at.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }).replace(/\u202f/g, ' '),
    );
  });

  it('writes a calendar date, and a dash for none or nonsense', () => {
    expect(formatDay('2025-03-04T18:45:00')).toBe('Mar 4, 2025');
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
    expect(formatDay(undefined)).toBe('—');
  });

  it('puts it in a <time> element with the machine-readable value', () => {
    const AT = '2026-03-14T15:09:26.000Z';
    render(<DateTime value={AT} />);
    const time = screen.getByText(formatDate(AT));
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', AT);
  });
});
