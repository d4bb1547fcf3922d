import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { describeSubmitError, fieldsNeedAttention } from '@/components/forms/submit-error';
import { useFocusInvalid } from '@/components/forms/use-focus-invalid';
import { Button } from '@/components/ui/button';
import { Checkbox, FormAlert, TextField } from '@/components/ui/field';
import { showToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { logOut, unlock, type LockIdentity } from '../api';
import { validateUnlock, type FieldErrors } from '../validation';
import { AuthLayout } from './auth-layout';
import styles from './auth-layout.module.css';

/** Lock screen (spec section 2): the account's (else the sample) avatar and name, password,
 * Remember me, Forgot password link, "Login / Sign in". Opening it locks the session. */
export function LockScreen({ identity }: { identity: LockIdentity }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);
  const formRef = useFocusInvalid<HTMLFormElement>(errors);

  useEffect(() => logOut(), []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateUnlock(password);
    setErrors(found);
    setAlert(Object.keys(found).length > 0 ? fieldsNeedAttention(found) : '');
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const user = await unlock(password, remember);
      showToast({ tone: 'success', title: `Welcome back, ${user.name}` });
      navigate(paths.home);
    } catch (error) {
      const failure = describeSubmitError(error);
      setErrors(failure.fieldErrors);
      setAlert(failure.message);
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      eyebrow="Locked"
      title="Welcome back"
      lead={
        identity.hasAccount
          ? 'Your session is locked. Enter your password to continue.'
          : 'There is no account on this device yet. Sign up to create one.'
      }
      aside={
        <div className={styles.identity}>
          <img
            src={identity.avatar}
            alt=""
            width={96}
            height={96}
            className={styles.avatar}
            decoding="async"
          />
          <p className={styles.identityName}>{identity.name}</p>
        </div>
      }
      footer={
        <p>
          Not you? <Link to={paths.login}>Login with another account</Link> or{' '}
          <Link to={paths.signup}>sign up</Link>
        </p>
      }
    >
      <form ref={formRef} className={styles.form} noValidate onSubmit={(e) => void onSubmit(e)}>
        {alert && <FormAlert>{alert}</FormAlert>}
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
