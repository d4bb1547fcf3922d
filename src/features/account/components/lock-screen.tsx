import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useFormSubmit } from '@/components/forms/use-form-submit';
import { showToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { unlock, type LockIdentity } from '../api';
import { logOut } from '@/data/logout';
import { validateUnlock } from '@shared/account-validation';
import { AuthForm } from './auth-form';
import { AuthLayout } from './auth-layout';
import { PasswordField } from './account-fields';
import { RememberRow } from './remember-row';
import styles from './auth-layout.module.css';

/** Lock screen (docs/product.md "Account pages"): the account's (else the sample) avatar and name,
 * password, Remember me, Forgot password link, "Login / Sign in". Opening it locks the session. */
export function LockScreen({ identity }: { identity: LockIdentity }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const submit = useFormSubmit();

  useEffect(() => logOut(), []);

  const onSubmit = () =>
    void submit.run(
      validateUnlock(password),
      async () => {
        const user = await unlock(password, remember);
        showToast({ tone: 'success', title: `Welcome back, ${user.name}` });
        navigate(paths.home);
      },
      { stayBusy: true },
    );

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
      <AuthForm state={submit} onSubmit={onSubmit} submitLabel="Login / Sign in">
        <PasswordField
          name="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={submit.errors.password}
        />
        <RememberRow checked={remember} onChange={setRemember} />
      </AuthForm>
    </AuthLayout>
  );
}
