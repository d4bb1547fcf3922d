// The device's one client of the Artmint API (same origin; the session cookie goes along): the
// lists and history (remote/), accounts (remote/account-api.ts) and the sync engine
// (sync/http.ts) all ask through apiRequest. Every call answers one ApiResult
// (contract/data-access.ts), never throws:
// - ok: the answer, read by its schema in shared/answers.ts (or none, when only the status
//   counts);
// - offline: try later: no network (navigator.onLine false), no answer in time or one cut short,
//   or the server cannot answer now (429, or a 5xx other than 501, whatever its body: a proxy's
//   page while the server is down), with the wait its Retry-After asks for, and a 429's words
//   (`limit`: why, and when to try again) when it sent them as the API does;
// - signed-out: the session is missing or over (401), except where the route asks for a
//   password: there a 401 is the API's refusal (a wrong password);
// - refused: the API said no, with its status, words and field words;
// - failed: an answer this app cannot read, or no API here (`noApi`).
// The one rule of "no API here": an API route that answers 404, 405 or 501 is not there (a
// static host, a server without that route), except where the route names a record, whose 404
// is the API saying it has no such record (refused); and an answer that is not a JSON object
// (but 202 and 204, which have none) comes from no API (a static host's HTML fallback page, a
// proxy's page). Who remembers it decides for how long: accounts for the page's life
// (remote/account-api.ts), the sync engine per route (docs/sync.md).
import type { ApiResult } from '../contract/data-access';
import type { Answer, AnswerName } from '@shared/answers';

/** A request with no answer within this time counts as offline. */
const REQUEST_TIMEOUT_MS = 15_000;

export const NO_SERVER = {
  kind: 'failed',
  error: 'This site has no server to load them from.',
  noApi: true,
} as const satisfies ApiResult<never>;
const UNREADABLE: ApiResult<never> = {
  kind: 'failed',
  error: 'The server sent an answer this app cannot read.',
};

function isJson(response: Response): boolean {
  return /^application\/(.+\+)?json\b/i.test(response.headers.get('content-type') ?? '');
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** 202 and 204 carry no answer to read. */
const hasNoContent = (response: Response) => response.status === 202 || response.status === 204;

/** An answer no API gave: not a JSON object where one is due. */
function hostHasNoApi(response: Response, body: unknown): boolean {
  return !hasNoContent(response) && (!isJson(response) || !isRecord(body));
}

/** The API's words in an answer ({ error }), when it has them. */
function errorOf(body: unknown): string | undefined {
  return isRecord(body) && typeof body.error === 'string' && body.error ? body.error : undefined;
}

function wordsOf(body: unknown, status: number): string {
  return errorOf(body) ?? `The server answered ${status}.`;
}

function fieldsOf(body: unknown): Record<string, string> {
  if (!isRecord(body) || !isRecord(body.fields)) return {};
  return Object.fromEntries(
    Object.entries(body.fields).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/** The wait a 429 or 503 asks for (Retry-After in seconds), when it asks for one. */
function retryAfter(response: Response): { retryAfterMs?: number } {
  const seconds = Number(response.headers.get('Retry-After'));
  return seconds > 0 ? { retryAfterMs: seconds * 1000 } : {};
}

/** A 429's words, when the API sent them ({ error }): an answer cut short has none. */
async function limitWords(response: Response): Promise<{ limit?: string }> {
  if (response.status !== 429 || !isJson(response)) return {};
  try {
    const limit = errorOf(await response.json());
    return limit === undefined ? {} : { limit };
  } catch {
    return {};
  }
}

export interface ApiRequestOptions<K extends AnswerName | null> {
  /** The schema that reads a 2xx answer (shared/answers.ts); null: only the status counts. */
  answer: K;
  /** Sent as JSON; or raw bytes with their type. */
  body?: { json: unknown } | { data: BodyInit; type: string };
  /** The page's fetch unless given (the sync engine's, a test's). */
  fetcher?: typeof fetch;
  /** No answer within this time counts as offline; null: no limit (a sync page on a slow
   * phone may take longer). */
  timeoutMs?: number | null;
  cache?: RequestCache;
  /** The route names a record: its 404 is the API's refusal, not a route that is not there. */
  recordRoute?: boolean;
  /** The route asks for a password: its 401 is the API's refusal, not a lost session. */
  asksPassword?: boolean;
  /** Reads the answer's body (the sync engine measures it: sync/timing.ts). */
  measure?: (read: () => Promise<unknown>) => Promise<unknown>;
}

type Result<K extends AnswerName | null> = ApiResult<K extends AnswerName ? Answer<K> : null>;

function initOf(method: string, options: ApiRequestOptions<AnswerName | null>): RequestInit {
  const { body, timeoutMs = REQUEST_TIMEOUT_MS } = options;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body && 'json' in body) headers['content-type'] = 'application/json';
  if (body && 'data' in body) headers['content-type'] = body.type;
  return {
    method,
    credentials: 'same-origin',
    headers,
    ...(body ? { body: 'json' in body ? JSON.stringify(body.json) : body.data } : {}),
    ...(options.cache ? { cache: options.cache } : {}),
    ...(timeoutMs === null ? {} : { signal: AbortSignal.timeout(timeoutMs) }),
  };
}

/** The body as JSON; undefined when it is none or not JSON. Throws when the answer was cut
 * short (the network went). */
async function bodyOf(response: Response, options: ApiRequestOptions<AnswerName | null>) {
  if (!isJson(response)) return undefined;
  const read = () => response.json() as Promise<unknown>;
  try {
    return await (options.measure ? options.measure(read) : read());
  } catch (error) {
    if (error instanceof SyntaxError) return undefined;
    throw error;
  }
}

/** `method` `path`, its answer read as `options.answer`, by the rules above. */
export async function apiRequest<K extends AnswerName | null>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: ApiRequestOptions<K>,
): Promise<Result<K>> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return { kind: 'offline' };
  const fetcher = options.fetcher ?? fetch;
  let response: Response;
  try {
    response = await fetcher(path, initOf(method, options));
  } catch {
    return { kind: 'offline' };
  }
  const { status } = response;
  if (status === 429 || (status >= 500 && status !== 501)) {
    return { kind: 'offline', ...retryAfter(response), ...(await limitWords(response)) };
  }
  let body: unknown;
  try {
    body = await bodyOf(response, options);
  } catch {
    return { kind: 'offline' };
  }
  const missing = status === 405 || status === 501 || (status === 404 && !options.recordRoute);
  if (missing || hostHasNoApi(response, body)) return NO_SERVER;
  if (status === 401 && !options.asksPassword) return { kind: 'signed-out' };
  if (!response.ok) {
    return { kind: 'refused', status, error: wordsOf(body, status), fields: fieldsOf(body) };
  }
  if (options.answer === null) return { kind: 'ok', value: null } as Result<K>;
  // The schemas come with the first answer: the app's first code does not carry them.
  const { readAnswer } = await import('@shared/answers');
  const value = readAnswer(options.answer, body);
  return value === null ? UNREADABLE : ({ kind: 'ok', value } as Result<K>);
}

/** GET `path`, its answer read as `answer` (shared/answers.ts). */
export function apiGet<K extends AnswerName>(
  path: string,
  answer: K,
  options: Pick<ApiRequestOptions<K>, 'recordRoute'> = {},
): Promise<ApiResult<Answer<K>>> {
  return apiRequest('GET', path, { ...options, answer });
}
