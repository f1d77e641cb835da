import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Field } from './field';
import { Input } from './input';

describe('Field', () => {
  it('labels its control and links the hint and the error to it', () => {
    render(
      <Field label="Email" hint="We never share it." error="Please enter a valid email address" isRequired>
        <Input type="email" />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: /Email/ });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(input).toHaveAccessibleDescription('We never share it. Please enter a valid email address');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address');
  });

  it('marks a valid control as such', () => {
    render(
      <Field label="Name">
        <Input />
      </Field>,
    );
    expect(screen.getByRole('textbox', { name: 'Name' })).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
