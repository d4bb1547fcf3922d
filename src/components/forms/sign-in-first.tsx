// Bids, checkout and uploads are made under an account (docs/product.md "Online": they ask to sign
// in first). Kept signed out, they would wait on the device until whichever account signs in
// next adopted them: wrong for money and authorship. Favourites and follows need no such step.
import { useLocation } from 'react-router-dom';
import { LinkButton } from '@/components/ui/button';
import { loginReturningTo, signupReturningTo } from '@/config/paths';
import { useSessionStore } from '@/data/session-store';
import styles from './sign-in-first.module.css';

/** Whether someone is signed in on this device (a server account or one kept on the device). */
export function useSignedIn(): boolean {
  return useSessionStore((s) => s.user !== null);
}

/** True when someone is signed in now (for a submit handler, outside a render). */
export function isSignedIn(): boolean {
  return useSessionStore.getState().user !== null;
}

export interface SignInFirstProps {
  /** What needs the account, as the sentence says it: "place a bid". */
  action: string;
}

/** "Sign in to <action>", with links to login and signup that both come back to this page. */
export function SignInFirst({ action }: SignInFirstProps) {
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  return (
    <div className={styles.box}>
      <p>
        <strong>Sign in to {action}.</strong> It is made under your Artmint account; you come back
        here once signed in.
      </p>
      <div className={styles.actions}>
        <LinkButton to={loginReturningTo(here)}>Sign in</LinkButton>
        <LinkButton to={signupReturningTo(here)} variant="secondary">
          Sign up
        </LinkButton>
      </div>
    </div>
  );
}
