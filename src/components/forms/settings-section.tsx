import type { FormEvent, ReactNode, RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/field';
import styles from './settings-section.module.css';

/** One settings section (profile edit): its heading, its own form and Save button, and what happened. */
export function SettingsSection({
  id,
  title,
  description,
  children,
  onSubmit,
  busy,
  alert,
  status,
  formRef,
  submitLabel = 'Save',
  note,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  onSubmit: () => void;
  busy: boolean;
  alert: string;
  status: string;
  formRef?: RefObject<HTMLFormElement | null>;
  submitLabel?: string;
  note?: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <section id={id} className={styles.section} aria-labelledby={`${id}-title`}>
      <div className={styles.sectionHead}>
        <h2 id={`${id}-title`} className={styles.sectionTitle}>
          {title}
        </h2>
        {description && <p className={styles.muted}>{description}</p>}
      </div>
      <form ref={formRef} className={styles.form} noValidate onSubmit={submit} aria-label={title}>
        {alert && <FormAlert>{alert}</FormAlert>}
        {note}
        {children}
        <div className={styles.formActions}>
          <Button type="submit" busy={busy}>
            {submitLabel}
          </Button>
          <p role="status" className={styles.status}>
            {status}
          </p>
        </div>
      </form>
    </section>
  );
}
