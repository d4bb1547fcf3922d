import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { bindFields } from '@/components/forms/bind-field';
import { useFormSubmit } from '@/components/forms/use-form-submit';
import { showToast } from '@/components/ui/toast';
import { paths, safeReturnPath, signupReturningTo } from '@/config/paths';
import { logIn } from '../api';
import { validateLogin } from '@shared/account-validation';
import { AuthForm } from './auth-form';
import { AuthLayout } from './auth-layout';
import { EmailField, PasswordField } from './account-fields';
import { RememberRow } from './remember-row';

/** Login (docs/product.md "Account pages", Account pages): email, password, remember me; links to
 * reset and signup. The server checks the password; offline, the device's hash of the last login.
 * Opened as /login?next=<page of this app> (a bid, an upload...), it goes back there once signed
 * in. */
export function LoginForm() {
  const navigate = useNavigate();
  const next = safeReturnPath(useSearchParams()[0].get('next'));
  const [values, setValues] = useState({ email: '', password: '' });
  const [remember, setRemember] = useState(true);
  const submit = useFormSubmit();
  const field = bindFields(values, submit.errors, (name, value) =>
    setValues((v) => ({ ...v, [name]: value })),
  );

  const onSubmit = () =>
    void submit.run(validateLogin(values), async () => {
      const user = await logIn(values.email, values.password, remember);
      showToast({ tone: 'success', title: `Welcome back, ${user.name}` });
      navigate(next ?? paths.home);
    });

  return (
    <AuthLayout
      eyebrow="Account"
      title="Login to Artmint"
      lead="Sign in with your Artmint account. A login this device knows also works offline."
      footer={
        <p>
          Don&apos;t have an account? <Link to={signupReturningTo(next)}>Sign up</Link>
        </p>
      }
    >
      <AuthForm state={submit} onSubmit={onSubmit} submitLabel="Login / Sign in">
        <EmailField {...field('email')} />
        <PasswordField {...field('password')} />
        <RememberRow
          checked={remember}
          onChange={setRemember}
          hint="Stay signed in after the browser closes."
        />
      </AuthForm>
    </AuthLayout>
  );
}
