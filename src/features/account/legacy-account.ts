// An account made on the device before the server (a record with no server id) moves to the
// server at its next online sign-in: created there with the same name, email
// and password; when the email is taken there, the user signs in to that account instead (with
// its password) and the device keeps its data under it. Offline, or on a host with no API, it
// stays a device account, checked against the device hash as before.
import { ValidationError } from '@/data/errors';
import type { AccountRecord } from '@/data/records';
import { remoteLogin, remoteSignup } from '@/data/remote/account-api';
import { rememberLogin, refusal, WRONG_PASSWORD } from './device-account';
import { verifyPassword } from './password';
import { NAME_MAX } from '@shared/account-validation';

export const TAKEN_WITH_OTHER_PASSWORD =
  'This email already has an account on the Artmint server, with another password. Enter that password: this device keeps its data and moves it to that account.';

/** The device account's name, as the server's signup accepts it. */
function nameFor(local: AccountRecord): string {
  const name = local.name.trim() || (local.email.split('@')[0] ?? '') || 'Collector';
  return name.slice(0, NAME_MAX);
}

/** Signs in the device-only account `local` with `password`, moving it to the server when one
 * answers. Returns the account record now on the device. */
export async function signInLegacy(local: AccountRecord, password: string): Promise<AccountRecord> {
  const deviceOk = await verifyPassword(password, local);
  if (deviceOk) {
    const created = await remoteSignup({
      name: nameFor(local),
      email: local.email,
      password,
      terms: true,
    });
    if (created.kind === 'ok') return rememberLogin(created.value, password, local);
    if (created.kind === 'offline' || created.kind === 'failed') return local;
    if (created.status !== 409) throw refusal(created);
  }
  // The email is taken on the server, or the password is not the device's: perhaps it is the
  // password of the server account with this email.
  const login = await remoteLogin(local.email, password);
  if (login.kind === 'ok') return rememberLogin(login.value, password, local);
  if (login.kind === 'refused' && login.status !== 401) throw refusal(login);
  if (login.kind === 'refused' && deviceOk) {
    throw new ValidationError({ password: TAKEN_WITH_OTHER_PASSWORD });
  }
  if (deviceOk) return local;
  throw new ValidationError({ password: WRONG_PASSWORD });
}
