// The sync engine's requests to the Artmint API (same origin; the session cookie goes along).
import type { Answer, AnswerName } from '@shared/answers';
import {
  SNAPSHOT_PATH,
  type PullResponse,
  type PushResponse,
  type SnapshotPage,
  type Mutation,
} from '@shared/protocol';
import { hostHasNoApi } from '../core/api';
import { syncSpan } from './timing';

export type Fetch = typeof fetch;

/** How a request ended, beyond success. */
export type Failure =
  /** No network or the server is unreachable (fetch threw), or it answered 5xx/429. */
  | { kind: 'retry'; retryAfterMs?: number }
  /** The route is not there (a server without sync, or a static host). */
  | { kind: 'absent' }
  /** The session is missing or over. */
  | { kind: 'signed-out' }
  /** The server refused the request as a whole (4xx): do not repeat it as is. */
  | { kind: 'refused'; status: number };

export type Outcome<T> = { ok: true; value: T } | { ok: false; failure: Failure };

function failureOf(response: Response): Failure {
  if (response.status === 404 || response.status === 405) return { kind: 'absent' };
  if (response.status === 401) return { kind: 'signed-out' };
  if (response.status === 429 || response.status >= 500) {
    const seconds = Number(response.headers.get('Retry-After'));
    return { kind: 'retry', ...(seconds > 0 ? { retryAfterMs: seconds * 1000 } : {}) };
  }
  return { kind: 'refused', status: response.status };
}

/** Fetch `url`; its answer read as `answer` (shared/answers.ts), or none: only the status counts. */
async function request<K extends AnswerName>(
  fetcher: Fetch,
  url: string,
  init: RequestInit,
  answer: K | null,
): Promise<Outcome<Answer<K>>> {
  let response: Response;
  try {
    response = await fetcher(url, { credentials: 'same-origin', cache: 'no-store', ...init });
  } catch {
    return { ok: false, failure: { kind: 'retry' } };
  }
  if (!response.ok) return { ok: false, failure: failureOf(response) };
  if (answer === null) return { ok: true, value: null as unknown as Answer<K> };
  try {
    const body: unknown = await syncSpan('read', () => response.json());
    if (hostHasNoApi(response, body)) return { ok: false, failure: { kind: 'absent' } };
    // The schemas come with the first answer: the app's first code does not carry them.
    const value = (await import('@shared/answers')).readAnswer(answer, body);
    return value !== null ? { ok: true, value } : { ok: false, failure: { kind: 'absent' } };
  } catch {
    return { ok: false, failure: { kind: 'absent' } };
  }
}

export function checkHealth(fetcher: Fetch): Promise<Outcome<{ ok: true }>> {
  return request(fetcher, '/api/health', { method: 'GET' }, 'health');
}

export function checkSession(fetcher: Fetch): Promise<Outcome<{ account: { id: number } | null }>> {
  return request(fetcher, '/api/auth/session', { method: 'GET' }, 'session');
}

export function pull(fetcher: Fetch, since: number, limit = 1000): Promise<Outcome<PullResponse>> {
  return request(fetcher, `/api/changes?since=${since}&limit=${limit}`, { method: 'GET' }, 'pull');
}

/** A page of the snapshot: the first when `page` is undefined. */
export function snapshot(fetcher: Fetch, page?: string): Promise<Outcome<SnapshotPage>> {
  const query = page === undefined ? '' : `?page=${encodeURIComponent(page)}`;
  return request(fetcher, `${SNAPSHOT_PATH}${query}`, { method: 'GET' }, 'snapshot');
}

export function push(fetcher: Fetch, mutations: Mutation[]): Promise<Outcome<PushResponse>> {
  return request(
    fetcher,
    '/api/push',
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ mutations }),
    },
    'push',
  );
}

export function uploadImage(
  fetcher: Fetch,
  id: string,
  data: ArrayBuffer,
  type: string,
): Promise<Outcome<unknown>> {
  return request(
    fetcher,
    `/api/images/${encodeURIComponent(id)}`,
    { method: 'PUT', headers: { 'Content-Type': type }, body: data },
    null,
  );
}

/** What the device reads of GET /api/me: the account's favourite item ids, newest first. */
export interface MeFavourites {
  favourites: number[];
}

/** The signed-in account's own records (GET /api/me); the device reads its favourites. */
export function fetchMe(fetcher: Fetch): Promise<Outcome<MeFavourites>> {
  return request(fetcher, '/api/me', { method: 'GET' }, 'meFavourites');
}
