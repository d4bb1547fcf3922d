// The account calls to the Artmint server (/api/auth, same origin; the session is an httpOnly
// cookie the browser keeps), through the device's one API client (core/api.ts) and its one
// result, never throwing:
// - ok: the server did it;
// - refused: the server said no (wrong password, email taken, bad input...), with its words and
//   field words; a 401 here is a refusal (a wrong password, or a session to sign in again);
// - offline: no answer (no network, server down, a 5xx), or one this app cannot read: try again
//   later;
// - failed, `noApi`: the app is served by a host with no API (core/api.ts's rule). Remembered
//   for the page's life, so no further call is made: accounts then stay on the device, as
//   before the server existed, with no error and no retries.
import type { ApiResult } from '../contract/data-access';
import { apiRequest, NO_SERVER } from '../core/api';
import type { Answer, AnswerName } from '@shared/answers';

export interface RemoteAccount {
  /** The account's id on the server: the signed-in collector everywhere. */
  id: number;
  email: string;
  name: string;
}

/** What an account call found: never signed-out (a 401 is the call's refusal here). */
export type AccountResult<T> = Exclude<ApiResult<T>, { kind: 'signed-out' }>;

const BASE = '/api/auth';

let noApi = false;

/** True once this page has learned that its host has no API. */
export function hasNoApi(): boolean {
  return noApi;
}

/** Tests only: forget what was learned about the host. */
export function resetRemoteAccountStateForTests(): void {
  noApi = false;
}

/** One call, its answer read as `answer` (shared/answers.ts); null: only the status counts. */
async function call<K extends 'account' | 'accountSession' | null>(
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  answer: K,
): Promise<AccountResult<K extends AnswerName ? Answer<K> : null>> {
  if (noApi) return NO_SERVER;
  const result = await apiRequest(method, `${BASE}${path}`, {
    answer,
    asksPassword: true,
    ...(body === undefined ? {} : { body: { json: body } }),
  });
  if (result.kind === 'failed' && result.noApi) noApi = true;
  // An answer this app cannot read counts as none: never as a signed-in account.
  if ((result.kind === 'failed' && !result.noApi) || result.kind === 'signed-out') {
    return { kind: 'offline' };
  }
  return result;
}

/** Only the account's id, email and name. */
const accountOf = (account: RemoteAccount): RemoteAccount => ({
  id: account.id,
  email: account.email,
  name: account.name,
});

/** The account an answer signs in. */
async function signedIn(asked: Promise<AccountResult<Answer<'account'>>>) {
  const result = await asked;
  return result.kind === 'ok'
    ? { kind: 'ok' as const, value: accountOf(result.value.account) }
    : result;
}

export interface SignupInput {
  name: string;
  email: string;
  password: string;
  terms: boolean;
}

/** The end of the server session last asked for (remoteLogout): a sign-up or sign-in is sent
 * after it, never before it, or the end would end the new session. */
let ending: Promise<unknown> = Promise.resolve();

export const remoteSignup = (input: SignupInput): Promise<AccountResult<RemoteAccount>> =>
  signedIn(ending.then(() => call('POST', '/signup', input, 'account')));

export const remoteLogin = (
  email: string,
  password: string,
): Promise<AccountResult<RemoteAccount>> =>
  signedIn(ending.then(() => call('POST', '/login', { email, password }, 'account')));

/** Ends the server session. `around`, when given, decides when: it calls `end` once the device
 * is ready for it (logout.ts: no pull of the account's records in flight). */
export function remoteLogout(
  around: (end: () => Promise<unknown>) => Promise<unknown> = (end) => end(),
): Promise<unknown> {
  const asked = around(() => call('POST', '/logout', {}, null));
  ending = asked.catch(() => undefined);
  return asked;
}

/** The account the session cookie signs in, or null for nobody. */
export async function remoteSession(): Promise<AccountResult<{ account: RemoteAccount | null }>> {
  const result = await call('GET', '/session', undefined, 'accountSession');
  if (result.kind !== 'ok') return result;
  const { account } = result.value;
  return { kind: 'ok', value: { account: account && accountOf(account) } };
}

export const remoteChangePassword = (oldPassword: string, newPassword: string) =>
  call('POST', '/password', { oldPassword, newPassword }, null);

export const remoteDeleteAccount = (password: string) =>
  call('POST', '/delete', { password }, null);

export const remoteResetRequest = (email: string) =>
  call('POST', '/reset-request', { email }, null);

export const remoteReset = (token: string, password: string) =>
  call('POST', '/reset', { token, password }, null);
