import type { ReactNode } from 'react';
import { ValidatedForm, type SubmitFormProps } from '@/components/forms/validated-form';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/field';
import { SignInFirst } from '@/components/forms/sign-in-first';
import type { ArtFormState } from './use-art-form';
import styles from './upload.module.css';

/** The card both upload forms share: the alerts, the file picker beside the fields, then the
 * submit button under the fields. */
export function ArtForm({
  form,
  onSubmit,
  signInFor,
  fileName,
  picker,
  submitLabel,
  children,
}: Omit<SubmitFormProps, 'state'> & {
  /** The form's state (useArtForm): its submit, a draft restored without its file, a refused
   * signed-out submit. */
  form: ArtFormState;
  /** What a signed-out submit needs an account for ("upload your work"); none when the form
   * makes the account itself (Become a creator). */
  signInFor?: string;
  /** What the user is asked to choose again, e.g. "art image". */
  fileName: string;
  picker: ReactNode;
}) {
  const { submit: state, restoredWithoutFile: restored } = form;
  const signIn = form.asksToSignIn && signInFor ? signInFor : null;
  return (
    <ValidatedForm state={state} className={`surface-raised ${styles.form}`} onSubmit={onSubmit}>
      {signIn && (
        <FormAlert>
          <SignInFirst action={signIn} />
        </FormAlert>
      )}
      {restored && (
        <FormAlert tone="success">
          Your draft was restored. Files are not kept in drafts: choose the {fileName} again.
        </FormAlert>
      )}
      <div className={styles.grid}>
        {picker}
        <div className={styles.fields}>
          {children}
          <Button type="submit" size="lg" busy={state.busy} className={styles.submit}>
            {submitLabel}
          </Button>
        </div>
      </div>
    </ValidatedForm>
  );
}
