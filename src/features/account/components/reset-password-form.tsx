import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { describeSubmitError, fieldsNeedAttention } from '@/components/forms/submit-error';
import { useFocusInvalid } from '@/components/forms/use-focus-invalid';
import { Button } from '@/components/ui/button';
import { FormAlert, TextField } from '@/components/ui/field';
import { paths, thankYouFor } from '@/config/paths';
import { requestPasswordReset } from '../api';
import { validateResetRequest, type FieldErrors } from '../validation';
import { AuthLayout } from './auth-layout';
import styles from './auth-layout.module.css';

/** Reset password (spec section 2): records the request in the device outbox and confirms. */
export function ResetPasswordForm() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);
  const formRef = useFocusInvalid<HTMLFormElement>(errors);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateResetRequest(email);
    setErrors(found);
    setAlert(Object.keys(found).length > 0 ? fieldsNeedAttention(found) : '');
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await requestPasswordReset(email);
      navigate(thankYouFor('reset-password'));
    } catch (error) {
      const failure = describeSubmitError(error);
      setErrors(failure.fieldErrors);
      setAlert(failure.message);
      setBusy(false);
    }
  };

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
      <form ref={formRef} className={styles.form} noValidate onSubmit={(e) => void onSubmit(e)}>
        {alert && <FormAlert>{alert}</FormAlert>}
        <TextField
          label="Email address"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
        />
        <Button type="submit" block busy={busy}>
          Send reset request
        </Button>
      </form>
    </AuthLayout>
  );
}
