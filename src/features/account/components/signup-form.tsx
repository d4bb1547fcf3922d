import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { bindFields } from '@/components/forms/bind-field';
import { useFormSubmit } from '@/components/forms/use-form-submit';
import { TermsCheckbox } from '@/components/forms/terms-checkbox';
import { TextField } from '@/components/ui/field';
import { loginReturningTo, safeReturnPath, thankYouFor } from '@/config/paths';
import { signUp } from '../api';
import { PASSWORD_MIN, validateSignup } from '@shared/account-validation';
import { AuthForm } from './auth-form';
import { AuthLayout } from './auth-layout';
import { EmailField, PasswordField } from './account-fields';

/** Signup (docs/product.md "Account pages", Account pages): name, email, password, accept terms;
 * link to login. Creates the account on the server (it needs a connection: offline the form says so
 * and keeps what was typed); the password is kept only as salted slow hashes. Opened with
 * ?next=<page>, the thank-you page then offers to continue there. */
export function SignupForm() {
  const navigate = useNavigate();
  const next = safeReturnPath(useSearchParams()[0].get('next'));
  const [values, setValues] = useState({ name: '', email: '', password: '', terms: false });
  const submit = useFormSubmit();
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const field = bindFields<'name' | 'email' | 'password'>(values, submit.errors, set);

  const onSubmit = () =>
    void submit.run(
      validateSignup(values),
      async () => {
        await signUp(values);
        navigate(thankYouFor('signup', next ?? undefined));
      },
      { stayBusy: true },
    );

  return (
    <AuthLayout
      eyebrow="Account"
      title="Create your account"
      lead="Signing up needs a connection. Your password is never stored, only a salted hash of it."
      footer={
        <p>
          Already have an account? <Link to={loginReturningTo(next)}>Login</Link>
        </p>
      }
    >
      <AuthForm state={submit} onSubmit={onSubmit} submitLabel="Register">
        <TextField label="Your name" autoComplete="name" required {...field('name')} />
        <EmailField {...field('email')} />
        <PasswordField isNew hint={`At least ${PASSWORD_MIN} characters.`} {...field('password')} />
        <TermsCheckbox
          checked={values.terms}
          onChange={(checked) => set('terms', checked)}
          error={submit.errors.terms}
        />
      </AuthForm>
    </AuthLayout>
  );
}
