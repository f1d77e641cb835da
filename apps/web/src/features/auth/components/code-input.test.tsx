import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CodeInput, emptyCode } from './code-input';

function Harness({ initial = emptyCode() }: { initial?: string[] }) {
  const [digits, setDigits] = useState(initial);
  return (
    <>
      <CodeInput label="Verification code" digits={digits} onChange={setDigits} />
      <output data-testid="code">{digits.join('')}</output>
    </>
  );
}

const boxes = () => screen.getAllByRole('textbox') as HTMLInputElement[];
const code = () => screen.getByTestId('code').textContent;

describe('six-digit code input', () => {
  it('has six labelled single-digit boxes in a labelled group', () => {
    render(<Harness />);
    expect(screen.getByRole('group', { name: 'Verification code' })).toBeInTheDocument();
    expect(boxes()).toHaveLength(6);
    expect(screen.getByLabelText('Digit 1 of 6')).toHaveAttribute('inputmode', 'numeric');
  });

  it('moves focus forward as digits are typed and ignores anything else', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[0]!);
    await user.keyboard('1');
    expect(boxes()[1]).toHaveFocus();
    await user.keyboard('a');
    expect(boxes()[1]).toHaveFocus();
    expect(boxes()[1]).toHaveValue('');
    await user.keyboard('2345');
    expect(boxes()[5]).toHaveFocus();
    await user.keyboard('6');
    expect(code()).toBe('123456');
    expect(boxes().map((b) => b.value)).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('replaces a digit when typing into a filled box', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['1', '2', '3', '4', '5', '6']} />);
    await user.click(boxes()[2]!);
    await user.keyboard('9');
    expect(code()).toBe('129456');
    expect(boxes()[3]).toHaveFocus();
  });

  it('Backspace clears a filled box, and in an empty box moves back and clears that one', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[0]!);
    await user.keyboard('123');
    expect(boxes()[3]).toHaveFocus();

    await user.keyboard('{Backspace}');
    expect(boxes()[2]).toHaveFocus();
    expect(code()).toBe('12');

    await user.keyboard('{Backspace}');
    expect(boxes()[1]).toHaveFocus();
    expect(code()).toBe('1');

    await user.click(boxes()[0]!);
    await user.keyboard('{Backspace}');
    expect(boxes()[0]).toHaveFocus();
    expect(code()).toBe('');
  });

  it('ArrowLeft and ArrowRight move between boxes', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[2]!);
    await user.keyboard('{ArrowRight}');
    expect(boxes()[3]).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(boxes()[0]).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(boxes()[0]).toHaveFocus();
    await user.keyboard('{End}');
    expect(boxes()[5]).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(boxes()[5]).toHaveFocus();
  });

  it('pasting a code fills every box, wherever the cursor was', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[3]!);
    await user.paste('482 913');
    expect(boxes().map((b) => b.value)).toEqual(['4', '8', '2', '9', '1', '3']);
    expect(boxes()[5]).toHaveFocus();
  });

  it('pasting part of a code fills from the focused box; pasting text changes nothing', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[1]!);
    await user.paste('77');
    expect(boxes().map((b) => b.value)).toEqual(['', '7', '7', '', '', '']);
    expect(boxes()[3]).toHaveFocus();
    await user.paste('abc');
    expect(code()).toBe('77');
  });

  it('sends the code once the sixth digit is typed, with all six digits', async () => {
    const user = userEvent.setup();
    const sent: string[] = [];
    function Form() {
      const [digits, setDigits] = useState(emptyCode());
      return (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            sent.push(digits.join(''));
          }}
        >
          <CodeInput label="Verification code" digits={digits} onChange={setDigits} />
        </form>
      );
    }
    render(<Form />);
    await user.click(boxes()[0]!);
    await user.keyboard('12345');
    expect(sent).toEqual([]);
    await user.keyboard('6');
    expect(sent).toEqual(['123456']);
  });
});
