import type { ReactNode, RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { ValidatedForm } from './validated-form';
import styles from './settings-section.module.css';

/** What a section shows of its save (see useSectionSave). */
export interface SectionState {
  busy: boolean;
  alert: string;
  status: string;
  formRef: RefObject<HTMLFormElement | null>;
}

/** One settings section (profile edit): its heading, its own form and Save button, and what happened. */
export function SettingsSection({
  id,
  title,
  description,
  children,
  onSubmit,
  state,
  submitLabel = 'Save',
  note,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  onSubmit: () => void;
  state: SectionState;
  submitLabel?: string;
  note?: ReactNode;
}) {
  return (
    <section id={id} className={`surface-raised ${styles.section}`} aria-labelledby={`${id}-title`}>
      <div className={styles.sectionHead}>
        <h2 id={`${id}-title`} className={styles.sectionTitle}>
          {title}
        </h2>
        {description && <p className={styles.muted}>{description}</p>}
      </div>
      <ValidatedForm state={state} className={styles.form} onSubmit={onSubmit} aria-label={title}>
        {note}
        {children}
        <div className={styles.formActions}>
          <Button type="submit" busy={state.busy}>
            {submitLabel}
          </Button>
          <p role="status" className={styles.status}>
            {state.status}
          </p>
        </div>
      </ValidatedForm>
    </section>
  );
}
