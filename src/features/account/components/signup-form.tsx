import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { describeSubmitError, fieldsNeedAttention } from '@/components/forms/submit-error';
import { useFocusInvalid } from '@/components/forms/use-focus-invalid';
import { Button } from '@/components/ui/button';
import { Checkbox, FormAlert, TextField } from '@/components/ui/field';
import { paths, thankYouFor } from '@/config/paths';
import { signUp } from '../api';
import { PASSWORD_MIN, validateSignup, type FieldErrors } from '../validation';
import { AuthLayout } from './auth-layout';
import styles from './auth-layout.module.css';

/** Signup (spec section 2, Account pages): name, email, password, accept terms; link to login.
 * Creates the device account; the password is kept only as a salted slow hash. */
export function SignupForm() {
  const navigate = useNavigate();
  const [values, setValues] = useState({ name: '', email: '', password: '', terms: false });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);
  const formRef = useFocusInvalid<HTMLFormElement>(errors);
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateSignup(values);
    setErrors(found);
    setAlert(Object.keys(found).length > 0 ? fieldsNeedAttention(found) : '');
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await signUp(values);
      navigate(thankYouFor('signup'));
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
      title="Create your account"
      lead="Your account lives on this device. Your password is never stored, only a salted hash of it."
      footer={
        <p>
          Already have an account? <Link to={paths.login}>Login</Link>
        </p>
      }
    >
      <form ref={formRef} className={styles.form} noValidate onSubmit={(e) => void onSubmit(e)}>
        {alert && <FormAlert>{alert}</FormAlert>}
        <TextField
          label="Your name"
          name="name"
          autoComplete="name"
          required
          value={values.name}
          onChange={(e) => set('name', e.target.value)}
          error={errors.name}
        />
        <TextField
          label="Email address"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={(e) => set('email', e.target.value)}
          error={errors.email}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint={`At least ${PASSWORD_MIN} characters.`}
          value={values.password}
          onChange={(e) => set('password', e.target.value)}
          error={errors.password}
        />
        <Checkbox
          label={
            <>
              I accept the <Link to={paths.terms}>Terms and Conditions</Link>
            </>
          }
          name="terms"
          required
          checked={values.terms}
          onChange={(e) => set('terms', e.target.checked)}
          error={errors.terms}
        />
        <Button type="submit" block busy={busy}>
          Register
        </Button>
      </form>
    </AuthLayout>
  );
}
