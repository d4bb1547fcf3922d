// The device's one client of the Artmint API (same origin; the session cookie goes along). Every
// call answers one ApiResult (contract/data-access.ts), never throws:
// - ok: the answer, read by its schema in shared/answers.ts;
// - offline: no network (navigator.onLine false, or the request got no answer in time);
// - signed-out: the session is missing or over (401);
// - refused: the API said no (its status, words and field words);
// - failed: anything else (a server error, an answer this app cannot read, no API here).
import type { ApiResult } from '../contract/data-access';
import type { Answer, AnswerName } from '@shared/answers';

/** A request with no answer within this time counts as offline. */
export const REQUEST_TIMEOUT_MS = 15_000;

export const NO_SERVER: ApiResult<never> = {
  kind: 'failed',
  error: 'This site has no server to load them from.',
};
const UNREADABLE: ApiResult<never> = {
  kind: 'failed',
  error: 'The server sent an answer this app cannot read.',
};

export function isJson(response: Response): boolean {
  return /^application\/(.+\+)?json\b/i.test(response.headers.get('content-type') ?? '');
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The one rule of a host with no API behind it (a static host, its HTML fallback page, a
 * proxy's page): it answers an API route with something that is not JSON.
 */
export function hostHasNoApi(response: Response, body: unknown): boolean {
  return !isJson(response) || !isRecord(body);
}

function wordsOf(body: Record<string, unknown>, status: number): string {
  return typeof body.error === 'string' && body.error
    ? body.error
    : `The server answered ${status}.`;
}

function fieldsOf(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/** GET `path`, its answer read as `answer` (shared/answers.ts). */
export async function apiGet<K extends AnswerName>(
  path: string,
  answer: K,
): Promise<ApiResult<Answer<K>>> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return { kind: 'offline' };
  let response: Response;
  let body: unknown;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    body = isJson(response) ? await response.json() : undefined;
  } catch {
    return { kind: 'offline' };
  }
  if (hostHasNoApi(response, body) || !isRecord(body)) return NO_SERVER;
  if (response.status === 401) return { kind: 'signed-out' };
  if (response.status >= 500) return { kind: 'failed', error: wordsOf(body, response.status) };
  if (!response.ok) {
    const { status } = response;
    return { kind: 'refused', status, error: wordsOf(body, status), fields: fieldsOf(body.fields) };
  }
  // The schemas come with the first answer: the app's first code does not carry them.
  const { readAnswer } = await import('@shared/answers');
  const value = readAnswer(answer, body);
  return value === null ? UNREADABLE : { kind: 'ok', value };
}
