import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tabs } from './tabs';

const TABS = [
  { id: 'photo', label: 'Photo' },
  { id: 'video', label: 'Video' },
  { id: 'gif', label: 'GIF' },
] as const;

function Harness() {
  const [selected, setSelected] = useState<(typeof TABS)[number]['id']>('photo');
  return (
    <Tabs label="Content type" tabs={TABS} selected={selected} onSelect={setSelected}>
      <p>Panel for {selected}</p>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('selects with a click and with the arrow, Home and End keys', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Content type' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Photo' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Photo' })).toHaveTextContent('Panel for photo');

    await user.click(screen.getByRole('tab', { name: 'Video' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel for video');

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'GIF' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'GIF' })).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Photo' })).toHaveFocus();

    await user.keyboard('{End}');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel for gif');
    await user.keyboard('{Home}');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel for photo');
    expect(screen.getByRole('tab', { name: 'Video' })).toHaveAttribute('tabindex', '-1');
  });
});
