import { useState } from 'react';
import { Link } from 'react-router-dom';
import { bindFields } from '@/components/forms/bind-field';
import { useFormSubmit } from '@/components/forms/use-form-submit';
import { paths } from '@/config/paths';
import { completePasswordReset } from '../api';
import { PASSWORD_MIN, validateChosenPassword } from '@shared/account-validation';
import { PasswordField } from './account-fields';
import { AuthForm } from './auth-form';
import { AuthLayout } from './auth-layout';
import styles from './auth-layout.module.css';

/** The second half of a reset: the mailed link (/reset-password?token=...) opens this form,
 * which sets the new password on the server; then the user logs in with it. */
export function ChoosePasswordForm({ token }: { token: string }) {
  const [values, setValues] = useState({ password: '', confirmPassword: '' });
  const [done, setDone] = useState(false);
  const submit = useFormSubmit();
  const field = bindFields(values, submit.errors, (name, value) => {
    setValues((v) => ({ ...v, [name]: value }));
    submit.clearError(name);
  });

  const onSubmit = () =>
    void submit
      .run(validateChosenPassword(values), () => completePasswordReset(token, values.password))
      .then((saved) => saved && setDone(true));

  const footer = done ? (
    <p>
      <Link to={paths.login}>Log in with the new password</Link>
    </p>
  ) : (
    <p>
      Link expired? <Link to={paths.resetPassword}>Ask for a new one</Link>
    </p>
  );

  return (
    <AuthLayout
      eyebrow="Account"
      title="Choose a new password"
      lead="Your reset link is valid once. Choose the password you will log in with from now on."
      footer={footer}
    >
      {done ? (
        <p role="status" className={styles.lead}>
          Your password is changed. Log in with your new password.
        </p>
      ) : (
        <AuthForm state={submit} onSubmit={onSubmit} submitLabel="Set new password">
          <PasswordField
            label="New password"
            isNew
            hint={`At least ${PASSWORD_MIN} characters.`}
            {...field('password')}
          />
          <PasswordField label="Re-type new password" isNew {...field('confirmPassword')} />
        </AuthForm>
      )}
    </AuthLayout>
  );
}
