import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BarChart } from './bar-chart';
import { DonutChart } from './donut-chart';
import { LineChart } from './line-chart';

const data = [
  { date: '2025-03-03', generations: 1, creditsSpent: 10 },
  { date: '2025-03-04', generations: 0, creditsSpent: 0 },
  { date: '2025-03-05', generations: 2, creditsSpent: 35 },
];

describe('charts', () => {
  it('a line chart names its totals and peaks and carries its numbers in a table', () => {
    render(
      <LineChart
        title="Generations and credits spent"
        data={data}
        series={[
          { key: 'generations', label: 'Generations' },
          { key: 'creditsSpent', label: 'Credits spent' },
        ]}
      />,
    );
    const img = screen.getByRole('img');
    expect(img).toHaveAccessibleName(
      'Generations and credits spent, 3 points from 2025-03-03 to 2025-03-05: Generations total 3, peak 2 on 2025-03-05; Credits spent total 45, peak 35 on 2025-03-05.',
    );
    const table = screen.getByRole('table', { name: 'Generations and credits spent' });
    const rows = within(table).getAllByRole('row');
    const cells = rows.map((r) => Array.from(r.querySelectorAll('th, td'), (c) => c.textContent));
    expect(cells).toEqual([
      ['Date', 'Generations', 'Credits spent'],
      ['2025-03-03', '1', '10'],
      ['2025-03-04', '0', '0'],
      ['2025-03-05', '2', '35'],
    ]);
  });

  it('labels a count axis in whole numbers only', () => {
    const { container } = render(
      <LineChart title="Plays" data={[{ date: '2025-03-03', plays: 1 }]} series={[{ key: 'plays', label: 'Plays' }]} />,
    );
    const labels = Array.from(container.querySelectorAll('text.chart__tick'), (t) => t.textContent);
    expect(labels).toContain('1');
    expect(labels).not.toContain('0.5');
  });

  it('shows a tooltip with the hovered point', () => {
    render(<LineChart title="Plays" data={data} series={[{ key: 'creditsSpent', label: 'Credits spent' }]} />);
    const area = screen.getByTestId('chart-hover-area');
    area.getBoundingClientRect = () => ({
      left: 0,
      width: 300,
      top: 0,
      height: 100,
      right: 300,
      bottom: 100,
      x: 0,
      y: 0,
      toJSON: () => ({}),
    });
    fireEvent.mouseMove(area, { clientX: 299 });
    expect(screen.getByText('Credits spent: 35')).toBeInTheDocument();
    fireEvent.mouseLeave(area);
    expect(screen.queryByText('Credits spent: 35')).not.toBeInTheDocument();
  });

  it('bar and donut charts summarise their categories', () => {
    render(
      <>
        <BarChart
          title="Pieces by type"
          data={[
            { label: 'Photo', value: 2 },
            { label: 'Video', value: 1 },
          ]}
        />
        <DonutChart
          title="Users by role"
          data={[
            { label: 'user', count: 3, share: 0.75 },
            { label: 'admin', count: 1, share: 0.25 },
          ]}
        />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Pieces by type: Photo 2, Video 1.' })).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'Users by role, 4 in all: user 3 (75%), admin 1 (25%).' }),
    ).toBeInTheDocument();
  });

  it('an empty chart says so', () => {
    render(<DonutChart title="Content by type" data={[]} />);
    expect(screen.getByRole('img', { name: 'Content by type: no data.' })).toBeInTheDocument();
  });
});
