import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox, Field, FormAlert, Switch, TextArea, TextField } from '../field';

const describedBy = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

describe('Field', () => {
  it('ties the label to the control it renders', () => {
    render(
      <Field label="Display name" name="name">
        {(c) => <input {...c} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Display name' });
    expect(input).toHaveAttribute('name', 'name');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('links hint and error with aria-describedby and marks the control invalid', () => {
    render(
      <Field label="Email" name="email" hint="We never share it." error="Enter a valid email.">
        {(c) => <input {...c} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(describedBy(input)).toEqual(['We never share it.', 'Enter a valid email.']);
    expect(input).toHaveAccessibleDescription('We never share it. Enter a valid email.');
  });

  it('shows a "*" for required fields and sets aria-required, keeping the name clean', () => {
    render(<TextField label="Title" name="title" required />);
    const input = screen.getByRole('textbox', { name: 'Title' });
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
  });
});

describe('TextField and TextArea', () => {
  it('supports the native input types', () => {
    render(
      <>
        <TextField label="Website" name="site" type="url" />
        <TextField label="Price" name="price" type="number" />
        <TextField label="Password" name="password" type="password" />
        <TextField label="Starts" name="starts" type="date" />
        <TextField label="Phone" name="phone" type="tel" />
      </>,
    );
    expect(screen.getByLabelText('Website')).toHaveAttribute('type', 'url');
    expect(screen.getByRole('spinbutton', { name: 'Price' })).toHaveAttribute('name', 'price');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Starts')).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText('Phone')).toHaveAttribute('type', 'tel');
  });

  it('is typeable and passes native props through', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<TextField label="Name" name="n" placeholder="Your name" onChange={onChange} />);
    const input = screen.getByPlaceholderText('Your name');
    await user.type(input, 'Ada');
    expect(input).toHaveValue('Ada');
    expect(onChange).toHaveBeenCalledTimes(3);
  });

  it('renders a labelled text area with its error', () => {
    render(<TextArea label="Description" name="desc" error="Too short." />);
    const area = screen.getByRole('textbox', { name: 'Description' });
    expect(area.tagName).toBe('TEXTAREA');
    expect(area).toHaveAccessibleDescription('Too short.');
  });
});

describe('Checkbox', () => {
  it('puts the label after the box and toggles', async () => {
    const user = userEvent.setup();
    render(<Checkbox label="I agree to the terms" name="agree" required error="Please agree." />);
    const box = screen.getByRole('checkbox', { name: 'I agree to the terms' });
    expect(box.nextElementSibling?.tagName).toBe('LABEL');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Please agree.');
    await user.click(screen.getByText('I agree to the terms'));
    expect(box).toBeChecked();
  });
});

describe('Switch', () => {
  function Toggle() {
    const [on, setOn] = useState(false);
    return (
      <form aria-label="Notifications">
        <Switch
          label="New bids"
          description="When someone bids on your items"
          checked={on}
          onChange={setOn}
          name="bids"
        />
      </form>
    );
  }

  it('is a switch with aria-checked that toggles by click, label and keyboard', async () => {
    const user = userEvent.setup();
    render(<Toggle />);
    const sw = screen.getByRole('switch', { name: 'New bids' });
    expect(sw).toHaveAttribute('aria-checked', 'false');
    expect(sw).toHaveAccessibleDescription('When someone bids on your items');
    await user.click(sw);
    expect(sw).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByText('New bids'));
    expect(sw).toHaveAttribute('aria-checked', 'false');
    sw.focus();
    await user.keyboard(' ');
    expect(sw).toHaveAttribute('aria-checked', 'true');
    const form = screen.getByRole('form', { name: 'Notifications' }) as HTMLFormElement;
    expect(new FormData(form).get('bids')).toBe('on');
  });
});

describe('FormAlert', () => {
  it('announces form-level errors as an alert and successes as status', () => {
    render(
      <>
        <FormAlert>Please fix 2 fields.</FormAlert>
        <FormAlert tone="success">Saved.</FormAlert>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Please fix 2 fields.');
    expect(screen.getByRole('status')).toHaveTextContent('Saved.');
  });
});
