import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { FormAlert, TextArea, TextField } from '@/components/ui/field';
import { useFormDraft } from '@/data/use-form-draft';
import { thankYouFor } from '@/config/paths';
import { describeSubmitError, fieldsNeedAttention } from '@/components/forms/submit-error';
import { sendMessage, type MessageKind } from '../api';
import {
  EMPTY_MESSAGE,
  MESSAGE_FIELDS,
  MESSAGE_LIMITS,
  validateMessage,
  type MessageErrors,
  type MessageField,
  type MessageFields,
} from '../validate-message';
import styles from './message-form.module.css';

export interface MessageFormProps {
  /** Which outbox the message goes to (docs/product.md "Writes"). */
  kind: MessageKind;
  /** Labels of the fields; the contact form calls the subject "Your Question" (spec). */
  labels?: Partial<Record<MessageField, string>>;
  submitLabel: string;
  /** Names the form for assistive technology. */
  ariaLabel: string;
}

const DEFAULT_LABELS: Record<MessageField, string> = {
  name: 'Your Name',
  email: 'Your Email',
  subject: 'Subject',
  comments: 'Comments',
};

const PLACEHOLDERS: Record<MessageField, string> = {
  name: 'Full name',
  email: 'name@example.com',
  subject: 'What is it about?',
  comments: 'Tell us more',
};

/**
 * The contact and support request form (docs/product.md "Records and fields": name, email, subject,
 * comments; "Error messages": an error area and a message area). It validates with inline messages,
 * keeps a draft on the device while you type, saves to the outbox and opens the thank-you page; a
 * failed save says why and keeps everything typed.
 */
export function MessageForm({ kind, labels, submitLabel, ariaLabel }: MessageFormProps) {
  const allLabels = { ...DEFAULT_LABELS, ...labels };
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const draft = useFormDraft(`${kind}-form`, EMPTY_MESSAGE);
  const values: MessageFields = draft.values;
  const [errors, setErrors] = useState<MessageErrors>({});
  const [checked, setChecked] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const change = (field: MessageField, value: string) => {
    draft.setValue(field, value);
    setFailure(null);
    // After a first submit, messages follow the typing so a fixed field clears at once.
    if (checked) setErrors(validateMessage({ ...values, [field]: value }, allLabels));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = validateMessage(values, allLabels);
    setChecked(true);
    setErrors(found);
    setFailure(null);
    const first = MESSAGE_FIELDS.find((field) => found[field]);
    if (first) {
      const control = formRef.current?.elements.namedItem(first);
      if (control instanceof HTMLElement) control.focus();
      return;
    }
    setBusy(true);
    try {
      await sendMessage(kind, values);
    } catch (error) {
      setFailure(describeSubmitError(error).message);
      setBusy(false);
      return;
    }
    try {
      await draft.clear();
    } catch (error) {
      // Saved already; a draft left behind is only refilled next time.
      console.warn('Could not clear the draft', error);
    }
    navigate(thankYouFor(kind));
  };

  const fieldErrors = Object.fromEntries(
    MESSAGE_FIELDS.flatMap((name) => (errors[name] ? [[name, errors[name]]] : [])),
  );
  const field = (name: MessageField) => ({
    name,
    label: allLabels[name],
    placeholder: PLACEHOLDERS[name],
    required: true,
    error: errors[name] ?? null,
    value: values[name],
    onChange: (event: { target: { value: string } }) => change(name, event.target.value),
  });

  return (
    <form
      ref={formRef}
      method="post"
      className={styles.form}
      onSubmit={onSubmit}
      noValidate
      aria-label={ariaLabel}
    >
      <div className={styles.errorArea}>
        {failure ? (
          <FormAlert>{failure}</FormAlert>
        ) : Object.keys(fieldErrors).length > 0 ? (
          <FormAlert>{fieldsNeedAttention(fieldErrors)}</FormAlert>
        ) : null}
      </div>
      <div className={styles.row}>
        <TextField {...field('name')} autoComplete="name" />
        <TextField {...field('email')} type="email" autoComplete="email" inputMode="email" />
      </div>
      <TextField {...field('subject')} />
      <TextArea
        {...field('comments')}
        rows={5}
        hint={`Up to ${MESSAGE_LIMITS.comments} characters.`}
      />
      <div className={styles.actions}>
        <Button type="submit" variant="primary" busy={busy}>
          {submitLabel}
        </Button>
        <p role="status" className={styles.message}>
          {busy
            ? 'Saving your message on this device…'
            : draft.restored
              ? 'We kept what you typed last time; it is saved on this device as you type.'
              : 'Saved on this device as you type, so a reload loses nothing.'}
        </p>
      </div>
    </form>
  );
}
