import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '@/components/ui/button';
import { TextArea, TextField } from '@/components/ui/field';
import { StorageFullError, ValidationError } from '@/data/errors';
import { bindFields } from '../bind-field';
import { useFocusOnShow } from '../use-focus-on-show';
import { useFormSubmit } from '../use-form-submit';
import { ValidatedForm } from '../validated-form';

function validate(v: { title: string; notes: string }) {
  const errors: Record<string, string> = {};
  if (!v.title) errors.title = 'Title is required.';
  if (!v.notes) errors.notes = 'Notes are required.';
  return errors;
}

/** A small form built from the shared pieces, as the feature forms use them. */
function DemoForm({ work, stayBusy }: { work: () => Promise<void>; stayBusy?: boolean }) {
  const [values, setValues] = useState({ title: '', notes: '' });
  const [done, setDone] = useState(false);
  const submit = useFormSubmit();
  const doneRef = useFocusOnShow<HTMLParagraphElement>(done);
  const field = bindFields(values, submit.errors, (name, value) => {
    setValues((v) => ({ ...v, [name]: value }));
    submit.clearError(name);
  });
  const onSubmit = () =>
    void submit.run(
      validate(values),
      async () => {
        await work();
        setDone(true);
      },
      { stayBusy },
    );
  return (
    <>
      <ValidatedForm state={submit} onSubmit={onSubmit} aria-label="Demo">
        <TextField label="Title" {...field('title')} />
        <TextArea label="Notes" hint="A line or two." {...field('notes')} />
        <Button type="submit" busy={submit.busy}>
          Send
        </Button>
      </ValidatedForm>
      {done && (
        <p ref={doneRef} tabIndex={-1}>
          Sent
        </p>
      )}
    </>
  );
}

describe('ValidatedForm with useFormSubmit and bindFields', () => {
  it('shows the field errors and focuses the first one', async () => {
    const user = userEvent.setup();
    const work = vi.fn(() => Promise.resolve());
    render(<DemoForm work={work} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Please fix the 2 fields marked below.');
    const title = screen.getByRole('textbox', { name: 'Title' });
    const notes = screen.getByRole('textbox', { name: 'Notes' });
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription('Title is required.');
    expect(notes).toHaveAccessibleDescription('A line or two. Notes are required.');
    expect(title).toHaveFocus();
    expect(work).not.toHaveBeenCalled();
  });

  it('clears a field error once that field is edited', async () => {
    const user = userEvent.setup();
    render(<DemoForm work={() => Promise.resolve()} />);
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'Oil');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const title = screen.getByRole('textbox', { name: 'Title' });
    expect(screen.getByRole('alert')).toHaveTextContent('Please fix the field marked below.');
    expect(title).toHaveAttribute('aria-invalid', 'true');

    await user.type(title, 'Dawn');
    expect(title).toHaveValue('Dawn');
    expect(title).not.toHaveAttribute('aria-invalid');
    expect(title).not.toHaveAccessibleDescription();
  });

  it('leaves focus in the field being fixed while its error clears (no jump to the next)', async () => {
    const user = userEvent.setup();
    render(<DemoForm work={() => Promise.resolve()} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const title = screen.getByRole('textbox', { name: 'Title' });
    const notes = screen.getByRole('textbox', { name: 'Notes' });
    expect(title).toHaveFocus();

    await user.keyboard('Dawn');
    expect(title).toHaveValue('Dawn');
    expect(title).toHaveFocus();
    expect(notes).toHaveValue('');
    expect(notes).toHaveAttribute('aria-invalid', 'true');

    // The next refused submit moves focus to what still needs fixing.
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(notes).toHaveFocus();
  });

  it('runs the work when clean, then focuses what it shows and is no longer busy', async () => {
    const user = userEvent.setup();
    const work = vi.fn(() => Promise.resolve());
    render(<DemoForm work={work} />);
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Dawn');
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'Oil on board');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(screen.getByText('Sent')).toHaveFocus());
    expect(work).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it('stays busy after a success when asked to (the screen navigates away)', async () => {
    const user = userEvent.setup();
    render(<DemoForm work={() => Promise.resolve()} stayBusy />);
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Dawn');
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'Oil');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(screen.getByText('Sent')).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Send' })).toHaveAttribute('aria-busy', 'true');
  });

  it('keeps what was typed and says why when the work fails', async () => {
    const user = userEvent.setup();
    const work = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new StorageFullError())
      .mockRejectedValueOnce(new ValidationError({ title: 'That title is taken.' }));
    render(<DemoForm work={work} />);
    const title = screen.getByRole('textbox', { name: 'Title' });
    await user.type(title, 'Dawn');
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'Oil');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/storage is full/));
    expect(title).toHaveValue('Dawn');
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('That title is taken.'),
    );
    expect(title).toHaveAccessibleDescription('That title is taken.');
    expect(title).toHaveFocus();
    expect(screen.queryByText('Sent')).not.toBeInTheDocument();
  });
});
