// The account's reads and writes (docs/product.md "Writes", Account): signup,
// login, change password, delete account and reset password go to the Artmint server
// (src/data/remote/account-api.ts); the device remembers the last login (server id, name,
// email, a slow salted hash of the password) so the lock screen and a known login work
// offline. On a host with no API, accounts stay on the device as they did before the server.
import { getDataAccess, resolveImage } from '@/data/data-access';
import { ValidationError } from '@/data/errors';
import type { AccountRecord } from '@/data/records';
import {
  remoteChangePassword,
  remoteDeleteAccount,
  remoteLogin,
  remoteReset,
  remoteResetRequest,
  remoteSignup,
} from '@/data/remote/account-api';
import { sampleUser } from '@shared/sample/user';
import {
  checkOnDevice,
  formError,
  normalizeEmail,
  NO_ACCOUNT,
  refusal,
  rememberLogin,
  sessionUserFor,
  throwIfAny,
  withServerSession,
  WRONG_PASSWORD,
} from './device-account';
import { signInLegacy } from './legacy-account';
import { hashPassword, verifyPassword } from './password';
import { useSessionStore, type SessionUser } from '@/data/session-store';
import {
  validateChangePassword,
  validateLogin,
  validateResetRequest,
  validateSignup,
  validateUnlock,
  type ChangePasswordValues,
  type SignupValues,
} from '@shared/account-validation';

export { NO_ACCOUNT, WRONG_PASSWORD } from './device-account';

export const SIGNUP_NEEDS_CONNECTION =
  'Signing up needs a connection to the Artmint server. Connect and try again; what you typed is kept.';
const needsConnection = (what: string) =>
  formError(`${what} needs a connection to the Artmint server. Connect and try again.`);

/** Signs `record` in on this device; it adopts what was made here while nobody was signed in
 * (favourites, follows...), which the sync engine then pushes under its session. */
async function startSession(record: AccountRecord, remember: boolean): Promise<SessionUser> {
  const session = useSessionStore.getState();
  session.signIn(await sessionUserFor(record), remember);
  try {
    // A device-only account that just moved to the server brings its profile along too.
    if ((await getDataAccess().adoptSignedOutRecords()) > 0) {
      const { name, avatar } = await sessionUserFor(record);
      session.updateUser({ name, avatar });
    }
  } catch (error) {
    // The signed-out writes stay where they are and are adopted at the next sign-in.
    console.warn('Artmint: could not move signed-out changes to this account.', error);
  }
  const user = useSessionStore.getState().user;
  if (!user) throw new Error('The session ended while signing in.');
  return user;
}

export async function signUp(values: SignupValues): Promise<SessionUser> {
  throwIfAny(validateSignup(values));
  const data = getDataAccess();
  const email = normalizeEmail(values.email);
  const existing = await data.loadAccount();
  const refuseExisting = (local: AccountRecord) =>
    new ValidationError({
      email:
        local.email === email
          ? 'An account with this email already exists on this device. Log in instead.'
          : 'This device already has an account. Log in with it, or delete it in Settings first.',
    });
  // A device-only account moves to the server at its own next login, never under another one.
  if (existing && existing.serverId === undefined) throw refuseExisting(existing);
  const result = await remoteSignup({ ...values, name: values.name.trim(), email });
  if (result.kind === 'refused') throw refusal(result);
  if (result.kind === 'offline') throw formError(SIGNUP_NEEDS_CONNECTION);
  if (result.kind === 'ok') {
    return startSession(await rememberLogin(result.value, values.password, existing), true);
  }
  // A host with no API: the account lives on this device only, as before the server.
  if (existing) throw refuseExisting(existing);
  const record: AccountRecord = {
    name: values.name.trim(),
    email,
    ...(await hashPassword(values.password)),
    createdAt: new Date().toISOString(),
  };
  await data.saveAccount(record);
  return startSession(record, true);
}

/** Signs in `email`: the server decides when it answers; else the device's last login.
 * `wrongPassword` replaces the server's "wrong email or password" (the lock screen's email is
 * known). */
async function signIn(email: string, password: string, wrongPassword?: string) {
  const local = await getDataAccess().loadAccount();
  if (local && local.serverId === undefined) {
    if (local.email !== email) {
      throw new ValidationError({
        email: `No account with this email on this device yet: log in with ${local.email} first, or delete it in Settings.`,
      });
    }
    return signInLegacy(local, password);
  }
  const result = await remoteLogin(email, password);
  if (result.kind === 'ok') return rememberLogin(result.value, password, local);
  if (result.kind === 'refused') {
    if (result.status === 401 && wrongPassword) {
      throw new ValidationError({ password: wrongPassword });
    }
    throw refusal(result);
  }
  return checkOnDevice(local, email, password, result.kind);
}

export async function logIn(email: string, password: string, remember: boolean) {
  throwIfAny(validateLogin({ email, password }));
  return startSession(await signIn(normalizeEmail(email), password), remember);
}

/** The lock screen: the password of the account this device knows opens the session again. */
export async function unlock(password: string, remember: boolean) {
  throwIfAny(validateUnlock(password));
  const local = await getDataAccess().loadAccount();
  if (!local) throw new ValidationError({ password: NO_ACCOUNT });
  try {
    return await startSession(await signIn(local.email, password, WRONG_PASSWORD), remember);
  } catch (error) {
    // The screen has one field: whatever was said about a field is about the password.
    if (!(error instanceof ValidationError)) throw error;
    const message = error.fieldErrors.password ?? Object.values(error.fieldErrors)[0];
    throw message === undefined ? error : new ValidationError({ password: message });
  }
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

/** 'sent': the server mailed a link (when the email has an account); 'queued': no server
 * answered, the request waits in the device outbox. */
export async function requestPasswordReset(email: string): Promise<'sent' | 'queued'> {
  throwIfAny(validateResetRequest(email));
  const result = await remoteResetRequest(normalizeEmail(email));
  if (result.kind === 'ok') return 'sent';
  if (result.kind === 'refused') throw refusal(result);
  await getDataAccess().saveOutbox('reset-password', { email: normalizeEmail(email) });
  return 'queued';
}

/** Completes a reset with the one-time token of the mailed link. */
export async function completePasswordReset(token: string, password: string): Promise<void> {
  const result = await remoteReset(token, password);
  if (result.kind === 'ok') return;
  if (result.kind === 'refused') {
    // The form has no token field: its message is the form's.
    const fields = { ...result.fields };
    delete fields.token;
    throw Object.keys(fields).length > 0
      ? new ValidationError(fields, result.error)
      : formError(result.error);
  }
  if (result.kind === 'offline') throw needsConnection('Choosing a new password');
  throw formError('Resetting a password by mail needs the Artmint server, which is not there.');
}

export async function changePassword(values: ChangePasswordValues): Promise<void> {
  throwIfAny(validateChangePassword(values));
  const data = getDataAccess();
  const account = await data.loadAccount();
  if (!account) throw new ValidationError({ oldPassword: NO_ACCOUNT });
  let serverChecked = false;
  if (account.serverId !== undefined) {
    const result = await withServerSession(account, values.oldPassword, () =>
      remoteChangePassword(values.oldPassword, values.newPassword),
    );
    if (result.kind === 'refused') {
      if (result.status === 401) {
        throw new ValidationError({ oldPassword: 'The old password is wrong.' });
      }
      throw refusal(result);
    }
    if (result.kind === 'offline') throw needsConnection('Changing your password');
    serverChecked = result.kind === 'ok';
  }
  // A device-only account, or a host with no API: the device hash is the only check.
  if (!serverChecked && !(await verifyPassword(values.oldPassword, account))) {
    throw new ValidationError({ oldPassword: 'The old password is wrong.' });
  }
  const hash = await hashPassword(values.newPassword);
  await data.saveAccount({ ...account, ...hash, updatedAt: new Date().toISOString() });
}

/** Delete account: on the server (with the password), then every store on the device is
 * cleared and the session ends. */
export async function deleteAccount(password: string): Promise<void> {
  const data = getDataAccess();
  const account = await data.loadAccount();
  if (account) {
    throwIfAny(validateUnlock(password));
    const result =
      account.serverId === undefined
        ? null
        : await withServerSession(account, password, () => remoteDeleteAccount(password));
    if (result?.kind === 'refused') {
      if (result.status === 401) throw new ValidationError({ password: 'The password is wrong.' });
      throw refusal(result);
    }
    if (result?.kind === 'offline') throw needsConnection('Deleting your account');
    if (
      (result === null || result.kind === 'failed') &&
      !(await verifyPassword(password, account))
    ) {
      throw new ValidationError({ password: 'The password is wrong.' });
    }
  }
  // Past this point the server has forgotten the account: nobody stays signed in as it, even
  // when the device's stores cannot be cleared.
  try {
    await data.deleteAllUserData();
  } finally {
    useSessionStore.getState().signOut();
  }
}
