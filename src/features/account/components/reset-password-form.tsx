import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useFormSubmit } from '@/components/forms/use-form-submit';
import { paths, thankYouFor } from '@/config/paths';
import { requestPasswordReset } from '../api';
import { validateResetRequest } from '@shared/account-validation';
import { EmailField } from './account-fields';
import { AuthForm } from './auth-form';
import { AuthLayout } from './auth-layout';
import { ChoosePasswordForm } from './choose-password-form';
import styles from './auth-layout.module.css';

/** Reset password (docs/product.md "Account pages"): the request goes to the server, which mails a
 * one-time link; offline it waits in the device outbox. The mailed link (?token=...) opens the form
 * that chooses the new password. */
export function ResetPasswordForm() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <ChoosePasswordForm token={token} /> : <RequestResetForm />;
}

function RequestResetForm() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState('');
  const submit = useFormSubmit();

  const onSubmit = () =>
    void submit.run(validateResetRequest(email), async () => {
      const outcome = await requestPasswordReset(email);
      if (outcome === 'queued') navigate(thankYouFor('reset-password'));
      else setSentTo(email.trim());
    });

  return (
    <AuthLayout
      eyebrow="Account"
      title="Reset your password"
      lead="Enter the email of your account. We mail you a link to choose a new password; offline, the request waits on this device until a connection returns."
      footer={
        <p>
          Remembered it? <Link to={paths.login}>Back to login</Link>
        </p>
      }
    >
      {sentTo ? (
        <p role="status" className={styles.lead}>
          If {sentTo} has an Artmint account, a mail with a reset link is on its way. The link works
          once, within an hour.
        </p>
      ) : (
        <AuthForm state={submit} onSubmit={onSubmit} submitLabel="Send reset request">
          <EmailField
            name="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={submit.errors.email}
          />
        </AuthForm>
      )}
    </AuthLayout>
  );
}
