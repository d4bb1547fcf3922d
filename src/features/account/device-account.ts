// The device's memory of the account (docs/product.md "Online", Accounts): the last successful login
// (its server id, name, email and a slow salted hash of its password), so the lock screen and a
// known login work offline. The server stays the authority whenever it answers.
import { getDataAccess } from '@/data/data-access';
import { ValidationError } from '@/data/errors';
import type { AccountRecord } from '@/data/records';
import { remoteLogin, type RemoteAccount, type AccountResult } from '@/data/remote/account-api';
import { hashPassword, verifyPassword } from './password';
import type { SessionUser } from '@/data/session-store';
import type { FieldErrors } from '@shared/account-validation';

export const WRONG_PASSWORD = 'Wrong password. Try again, or reset it.';
export const NO_ACCOUNT = 'There is no account on this device yet. Sign up first.';
export const NOT_KNOWN_OFFLINE =
  'This device does not know this account yet: the first login here needs a connection. Connect and try again.';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export function throwIfAny(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/** What the server said no with, as the form shows it. */
export function refusal(result: { error: string; fields: Record<string, string> }) {
  return new ValidationError(result.fields, result.error);
}

/** A form-level message (no field is at fault), e.g. "needs a connection". */
export const formError = (message: string) => new ValidationError({}, message);

/** The name and avatar the signed-in user goes by: the profile's, else the account's. */
export async function sessionUserFor(account: AccountRecord): Promise<SessionUser> {
  const personal = (await getDataAccess().loadProfile(account)).personal ?? {};
  const name = [personal.firstName, personal.lastName]
    .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
    .join(' ');
  const avatar = typeof personal.avatar === 'string' && personal.avatar ? personal.avatar : null;
  return { id: account.serverId ?? null, name: name || account.name, email: account.email, avatar };
}

/**
 * Remembers a login the server accepted: its id, name and email, and a fresh device hash of
 * the password, replacing the one of an earlier password. `previous` is the record it replaces.
 */
export async function rememberLogin(
  account: RemoteAccount,
  password: string,
  previous: AccountRecord | null,
): Promise<AccountRecord> {
  const now = new Date().toISOString();
  const same = previous !== null && previous.email === normalizeEmail(account.email);
  const record: AccountRecord = {
    name: account.name || previous?.name || account.email,
    email: normalizeEmail(account.email),
    ...(await hashPassword(password)),
    createdAt: same ? previous.createdAt : now,
    updatedAt: now,
    serverId: account.id,
  };
  await getDataAccess().saveAccount(record);
  return record;
}

/** Checks a login on the device alone (offline, or failed: a host with no API). */
export async function checkOnDevice(
  local: AccountRecord | null,
  email: string,
  password: string,
  why: 'offline' | 'failed',
): Promise<AccountRecord> {
  if (!local || local.email !== email) {
    if (why === 'offline') throw new ValidationError({ email: NOT_KNOWN_OFFLINE });
    throw new ValidationError({
      email: local ? 'No account with this email on this device.' : NO_ACCOUNT,
    });
  }
  if (!(await verifyPassword(password, local))) {
    throw new ValidationError({ password: WRONG_PASSWORD });
  }
  return local;
}

/**
 * Runs a call that needs the server session of `local`; when the session is gone (401), signs
 * in again with `password` and runs it once more. A wrong password answers 401 refused.
 */
export async function withServerSession<T>(
  local: AccountRecord,
  password: string,
  run: () => Promise<AccountResult<T>>,
): Promise<AccountResult<T>> {
  const first = await run();
  if (first.kind !== 'refused' || first.status !== 401) return first;
  const again = await remoteLogin(local.email, password);
  if (again.kind !== 'ok') return again;
  return run();
}
