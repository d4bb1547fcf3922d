import { useId, useState, type FormEvent } from 'react';
import { validateEmail } from '@shared/validate';
import styles from './email-subscribe-form.module.css';

type Status =
  { kind: 'idle' } | { kind: 'error'; message: string } | { kind: 'saved'; email: string };

interface EmailSubscribeFormProps {
  /** Saves the valid, trimmed address (the caller knows where and with what source). */
  onSubscribe: (email: string) => Promise<void>;
  placeholder?: string;
  buttonLabel?: string;
}

/**
 * An email subscribe form (footer newsletter, maintenance page): validates the address and hands
 * it to `onSubscribe`, then confirms or shows why it failed. The field is named "email" (spec).
 */
export function EmailSubscribeForm({
  onSubscribe,
  placeholder = 'Your email',
  buttonLabel = 'Subscribe',
}: EmailSubscribeFormProps) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const error = validateEmail(email);
    if (error) {
      setStatus({ kind: 'error', message: error });
      return;
    }
    setBusy(true);
    try {
      const value = email.trim();
      await onSubscribe(value);
      setStatus({ kind: 'saved', email: value });
      setEmail('');
    } catch (err) {
      setStatus({
        kind: 'error',
        message: err instanceof Error ? err.message : 'Could not save your subscription.',
      });
    } finally {
      setBusy(false);
    }
  };

  const messageId = `${id}-message`;
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <label htmlFor={`${id}-email`} className="visually-hidden">
        Email address
      </label>
      <div className={styles.row}>
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          placeholder={placeholder}
          value={email}
          aria-invalid={status.kind === 'error'}
          aria-describedby={messageId}
          onChange={(e) => setEmail(e.target.value)}
          className={`input-states ${styles.input}`}
        />
        <button type="submit" className={styles.button} disabled={busy} aria-busy={busy}>
          {buttonLabel}
        </button>
      </div>
      <p id={messageId} className={styles.message} data-tone={status.kind} aria-live="polite">
        {status.kind === 'error' && status.message}
        {status.kind === 'saved' &&
          `Subscribed: ${status.email} is saved on this device and sent to Artmint when you are online.`}
      </p>
    </form>
  );
}
