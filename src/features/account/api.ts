// The account's reads and writes (PRODUCT.md "Writes", Account): all through the one
// data-access interface; the session store only remembers who is signed in.
import { getDataAccess, resolveImage } from '@/data/data-access';
import { ValidationError } from '@/data/errors';
import type { AccountRecord } from '@/data/records';
import { sampleUser } from '@/data/sample/user';
import { hashPassword, verifyPassword } from './password';
import { useSessionStore, type SessionUser } from './session-store';
import {
  validateChangePassword,
  validateLogin,
  validateResetRequest,
  validateSignup,
  validateUnlock,
  type ChangePasswordValues,
  type FieldErrors,
  type SignupValues,
} from './validation';

export const WRONG_PASSWORD = 'Wrong password. Try again, or reset it.';
export const NO_ACCOUNT = 'There is no account on this device yet. Sign up first.';

function throwIfAny(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The name and avatar the signed-in user goes by: the profile's, else the account's. */
async function sessionUserFor(account: AccountRecord): Promise<SessionUser> {
  const personal = (await getDataAccess().loadProfile()).personal ?? {};
  const name = [personal.firstName, personal.lastName]
    .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
    .join(' ');
  const avatar = typeof personal.avatar === 'string' && personal.avatar ? personal.avatar : null;
  return { name: name || account.name, email: account.email, avatar };
}

export async function signUp(values: SignupValues): Promise<SessionUser> {
  throwIfAny(validateSignup(values));
  const data = getDataAccess();
  const email = normalizeEmail(values.email);
  const existing = await data.loadAccount();
  if (existing) {
    throw new ValidationError({
      email:
        existing.email === email
          ? 'An account with this email already exists on this device. Log in instead.'
          : 'This device already has an account. Log in with it, or delete it in Settings first.',
    });
  }
  const hash = await hashPassword(values.password);
  const record: AccountRecord = {
    name: values.name.trim(),
    email,
    ...hash,
    createdAt: new Date().toISOString(),
  };
  await data.saveAccount(record);
  const user = await sessionUserFor(record);
  useSessionStore.getState().signIn(user, true);
  return user;
}

async function checkPassword(
  account: AccountRecord | null,
  password: string,
  field: string,
): Promise<AccountRecord> {
  if (!account) throw new ValidationError({ [field]: NO_ACCOUNT });
  if (!(await verifyPassword(password, account))) {
    throw new ValidationError({ password: WRONG_PASSWORD });
  }
  return account;
}

export async function logIn(email: string, password: string, remember: boolean) {
  throwIfAny(validateLogin({ email, password }));
  const account = await getDataAccess().loadAccount();
  if (account && account.email !== normalizeEmail(email)) {
    throw new ValidationError({ email: 'No account with this email on this device.' });
  }
  const user = await sessionUserFor(await checkPassword(account, password, 'email'));
  useSessionStore.getState().signIn(user, remember);
  return user;
}

/** The lock screen: the device account's password opens the session again. */
export async function unlock(password: string, remember: boolean) {
  throwIfAny(validateUnlock(password));
  const account = await getDataAccess().loadAccount();
  const user = await sessionUserFor(await checkPassword(account, password, 'password'));
  useSessionStore.getState().signIn(user, remember);
  return user;
}

/** Logout locks the session: nobody is signed in until the password is given again. */
export function logOut(): void {
  useSessionStore.getState().signOut();
}

export interface LockIdentity {
  name: string;
  /** A displayable URL (device images resolved). */
  avatar: string;
  hasAccount: boolean;
}

/** Who the lock screen shows: the device account (with its profile name and avatar), else the
 * sample user (spec: "fixed sample avatar and name"). */
export async function loadLockIdentity(): Promise<LockIdentity> {
  const sample = { name: sampleUser.name, avatar: sampleUser.avatar, hasAccount: false };
  try {
    const account = await getDataAccess().loadAccount();
    if (!account) return sample;
    const user = await sessionUserFor(account);
    const avatar = user.avatar ? await resolveImage(user.avatar) : sampleUser.avatar;
    return { name: user.name, avatar, hasAccount: true };
  } catch {
    // An unreadable device store still shows the screen; unlocking then reports the failure.
    return sample;
  }
}

export async function requestPasswordReset(email: string): Promise<void> {
  throwIfAny(validateResetRequest(email));
  await getDataAccess().saveOutbox('reset-password', { email: normalizeEmail(email) });
}

export async function changePassword(values: ChangePasswordValues): Promise<void> {
  throwIfAny(validateChangePassword(values));
  const data = getDataAccess();
  const account = await data.loadAccount();
  if (!account) throw new ValidationError({ oldPassword: NO_ACCOUNT });
  if (!(await verifyPassword(values.oldPassword, account))) {
    throw new ValidationError({ oldPassword: 'The old password is wrong.' });
  }
  const hash = await hashPassword(values.newPassword);
  await data.saveAccount({ ...account, ...hash, updatedAt: new Date().toISOString() });
}

/** Delete account: every store on the device is cleared and the session ends. */
export async function deleteAccount(): Promise<void> {
  await getDataAccess().deleteAllUserData();
  useSessionStore.getState().signOut();
}
