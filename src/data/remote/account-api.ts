// The account calls to the Artmint server (/api/auth, same origin; the session is an httpOnly
// cookie the browser keeps). Every call answers one of four outcomes, never throws:
// - ok: the server did it;
// - refused: the server said no (wrong password, email taken, bad input...), with its message
//   and field messages;
// - offline: no answer (no network, server down, a 5xx): try again later;
// - no-api: the app is served by a plain static host with no API (a 404 or an answer that is
//   not JSON). Remembered for the page's life, so no further call is made: accounts then stay
//   on the device, as before the server existed, with no error and no retries.

import { isJson, REQUEST_TIMEOUT_MS } from '../core/api';

export interface RemoteAccount {
  /** The account's id on the server: the signed-in collector everywhere. */
  id: number;
  email: string;
  name: string;
}

export type RemoteResult<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'refused'; status: number; error: string; fields: Record<string, string> }
  | { kind: 'offline' }
  | { kind: 'no-api' };

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

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function toFields(value: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!isObject(value)) return fields;
  for (const [key, message] of Object.entries(value)) {
    if (typeof message === 'string') fields[key] = message;
  }
  return fields;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** One call: the raw answer as an outcome, `read` turning a 2xx body into the value. */
async function call<T>(
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  read: (response: Response) => Promise<T | null>,
): Promise<RemoteResult<T>> {
  if (noApi) return { kind: 'no-api' };
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return { kind: 'offline' };
  let response: Response;
  try {
    response = await fetch(`${BASE}${path}`, {
      method,
      credentials: 'same-origin',
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : {
              accept: 'application/json',
              'content-type': 'application/json',
            },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch {
    return { kind: 'offline' };
  }
  // A static host: the route does not exist, or the answer is its HTML fallback page.
  const empty = response.status === 204 || response.status === 202;
  if ([404, 405, 501].includes(response.status) || (!empty && !isJson(response))) {
    if (response.status >= 500 && response.status !== 501) return { kind: 'offline' };
    noApi = true;
    return { kind: 'no-api' };
  }
  if (response.status >= 500) return { kind: 'offline' };
  if (response.ok) {
    const value = await read(response);
    return value === null ? { kind: 'offline' } : { kind: 'ok', value };
  }
  const answer = await readJson(response);
  const error = isObject(answer) && typeof answer.error === 'string' ? answer.error : '';
  return {
    kind: 'refused',
    status: response.status,
    error: error || 'The server refused the request.',
    fields: toFields(isObject(answer) ? answer.fields : undefined),
  };
}

/** The account in the answer, read by `answer`'s schema (shared/answers.ts, loaded with the
 * first answer): null for nobody; undefined when the answer is not one. */
async function accountIn(
  answer: 'account' | 'accountSession',
  response: Response,
): Promise<RemoteAccount | null | undefined> {
  const read = (await import('@shared/answers')).readAnswer(answer, await readJson(response));
  if (!read) return undefined;
  const { account } = read;
  return account && { id: account.id, email: account.email, name: account.name };
}

const readAccount = async (response: Response) => (await accountIn('account', response)) ?? null;
const readNothing = async () => true as const;

export interface SignupInput {
  name: string;
  email: string;
  password: string;
  terms: boolean;
}

export const remoteSignup = (input: SignupInput) => call('POST', '/signup', input, readAccount);

export const remoteLogin = (email: string, password: string) =>
  call('POST', '/login', { email, password }, readAccount);

export const remoteLogout = () => call('POST', '/logout', {}, readNothing);

/** The account the session cookie signs in, or null for nobody. */
export const remoteSession = () =>
  call('GET', '/session', undefined, async (response) => {
    const account = await accountIn('accountSession', response);
    return account === undefined ? null : { account };
  });

export const remoteChangePassword = (oldPassword: string, newPassword: string) =>
  call('POST', '/password', { oldPassword, newPassword }, readNothing);

export const remoteDeleteAccount = (password: string) =>
  call('POST', '/delete', { password }, readNothing);

export const remoteResetRequest = (email: string) =>
  call('POST', '/reset-request', { email }, readNothing);

export const remoteReset = (token: string, password: string) =>
  call('POST', '/reset', { token, password }, readNothing);
