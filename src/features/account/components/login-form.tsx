import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { describeSubmitError, fieldsNeedAttention } from '@/components/forms/submit-error';
import { useFocusInvalid } from '@/components/forms/use-focus-invalid';
import { Button } from '@/components/ui/button';
import { Checkbox, FormAlert, TextField } from '@/components/ui/field';
import { showToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { logIn } from '../api';
import { validateLogin, type FieldErrors } from '../validation';
import { AuthLayout } from './auth-layout';
import styles from './auth-layout.module.css';

/** Login (spec section 2, Account pages): email, password, remember me; links to reset and
 * signup. Checks the password against the device account's salted hash. */
export function LoginForm() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);
  const formRef = useFocusInvalid<HTMLFormElement>(errors);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateLogin({ email, password });
    setErrors(found);
    setAlert(Object.keys(found).length > 0 ? fieldsNeedAttention(found) : '');
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const user = await logIn(email, password, remember);
      showToast({ tone: 'success', title: `Welcome back, ${user.name}` });
      navigate(paths.home);
    } catch (error) {
      const failure = describeSubmitError(error);
      setErrors(failure.fieldErrors);
      setAlert(failure.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      eyebrow="Account"
      title="Login to Artmint"
      lead="Sign in with the account you created on this device."
      footer={
        <p>
          Don&apos;t have an account? <Link to={paths.signup}>Sign up</Link>
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
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
        />
        <div className={styles.row}>
          <Checkbox
            label="Remember me"
            name="remember"
            hint="Stay signed in after the browser closes."
            checked={remember}
            onChange={(e) => setRemember(e.target.checked)}
          />
          <Link to={paths.resetPassword} className={styles.inlineLink}>
            Forgot password?
          </Link>
        </div>
        <Button type="submit" block busy={busy}>
          Login / Sign in
        </Button>
      </form>
    </AuthLayout>
  );
}
