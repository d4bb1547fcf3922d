import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useFormSubmit } from '@/components/forms/use-form-submit';
import { paths, thankYouFor } from '@/config/paths';
import { requestPasswordReset } from '../api';
import { validateResetRequest } from '../validation';
import { EmailField } from './account-fields';
import { AuthForm } from './auth-form';
import { AuthLayout } from './auth-layout';

/** Reset password (spec section 2): records the request in the device outbox and confirms. */
export function ResetPasswordForm() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const submit = useFormSubmit();

  const onSubmit = () =>
    void submit.run(
      validateResetRequest(email),
      async () => {
        await requestPasswordReset(email);
        navigate(thankYouFor('reset-password'));
      },
      { stayBusy: true },
    );

  return (
    <AuthLayout
      eyebrow="Account"
      title="Reset your password"
      lead="Enter the email of your account. The request is recorded on this device and sent when a server is connected."
      footer={
        <p>
          Remembered it? <Link to={paths.login}>Back to login</Link>
        </p>
      }
    >
      <AuthForm state={submit} onSubmit={onSubmit} submitLabel="Send reset request">
        <EmailField
          name="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={submit.errors.email}
        />
      </AuthForm>
    </AuthLayout>
  );
}
