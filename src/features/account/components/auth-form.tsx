import { ValidatedForm, type SubmitFormProps } from '@/components/forms/validated-form';
import { Button } from '@/components/ui/button';
import styles from './auth-layout.module.css';

/** The form of an account page: its alert, its fields, then one full-width submit button. */
export function AuthForm({ state, onSubmit, submitLabel, children }: SubmitFormProps) {
  return (
    <ValidatedForm state={state} className={styles.form} onSubmit={onSubmit}>
      {children}
      <Button type="submit" block busy={state.busy}>
        {submitLabel}
      </Button>
    </ValidatedForm>
  );
}
