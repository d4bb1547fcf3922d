// The sync engine's requests to the Artmint API (same origin; the session cookie goes along).
import {
  SNAPSHOT_PATH,
  type Change,
  type PullResponse,
  type PushResponse,
  type PushResult,
  type SnapshotPage,
  type Mutation,
} from '@shared/protocol';
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

async function request<T>(
  fetcher: Fetch,
  url: string,
  init: RequestInit,
  isValue: (body: unknown) => body is T,
): Promise<Outcome<T>> {
  let response: Response;
  try {
    response = await fetcher(url, { credentials: 'same-origin', cache: 'no-store', ...init });
  } catch {
    return { ok: false, failure: { kind: 'retry' } };
  }
  if (!response.ok) return { ok: false, failure: failureOf(response) };
  if (isValue === isAny) return { ok: true, value: null as T };
  const type = response.headers.get('Content-Type') ?? '';
  if (!type.includes('application/json')) return { ok: false, failure: { kind: 'absent' } };
  try {
    const body: unknown = await syncSpan('read', () => response.json());
    return isValue(body) ? { ok: true, value: body } : { ok: false, failure: { kind: 'absent' } };
  } catch {
    return { ok: false, failure: { kind: 'absent' } };
  }
}

/** Any body, or none: only the status counts. */
const isAny = (body: unknown): body is unknown => body !== undefined;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function isHealth(body: unknown): body is { ok: true } {
  return isRecord(body) && body.ok === true;
}

function isChange(v: unknown): v is Change {
  return (
    isRecord(v) &&
    typeof v.seq === 'number' &&
    typeof v.topic === 'string' &&
    typeof v.key === 'string'
  );
}

/** A body with log entries under `key` and the cursor they are current at. */
function hasEntries(body: unknown, key: 'changes' | 'records'): body is Record<string, unknown> {
  if (!isRecord(body) || typeof body.cursor !== 'number') return false;
  const entries = body[key];
  return Array.isArray(entries) && entries.every(isChange);
}

function isPull(body: unknown): body is PullResponse {
  return (
    hasEntries(body, 'changes') &&
    typeof body.more === 'boolean' &&
    (body.reset === undefined || body.reset === true)
  );
}

function isSnapshotPage(body: unknown): body is SnapshotPage {
  return hasEntries(body, 'records') && (body.next === null || typeof body.next === 'string');
}

function isResult(v: unknown): v is PushResult {
  return (
    isRecord(v) &&
    typeof v.id === 'string' &&
    (v.status === 'applied' || (v.status === 'refused' && typeof v.code === 'string'))
  );
}

function isPush(body: unknown): body is PushResponse {
  return (
    isRecord(body) &&
    Array.isArray(body.results) &&
    body.results.every(isResult) &&
    typeof body.cursor === 'number'
  );
}

export function checkHealth(fetcher: Fetch): Promise<Outcome<{ ok: true }>> {
  return request(fetcher, '/api/health', { method: 'GET' }, isHealth);
}

/** The session route answers `{ account }`: the signed-in account (its id), or null. */
function isSessionAnswer(body: unknown): body is { account: { id: number } | null } {
  return (
    isRecord(body) &&
    (body.account === null || (isRecord(body.account) && Number.isInteger(body.account.id)))
  );
}

export function checkSession(fetcher: Fetch): Promise<Outcome<{ account: { id: number } | null }>> {
  return request(fetcher, '/api/auth/session', { method: 'GET' }, isSessionAnswer);
}

export function pull(fetcher: Fetch, since: number, limit = 1000): Promise<Outcome<PullResponse>> {
  return request(fetcher, `/api/changes?since=${since}&limit=${limit}`, { method: 'GET' }, isPull);
}

/** A page of the snapshot: the first when `page` is undefined. */
export function snapshot(fetcher: Fetch, page?: string): Promise<Outcome<SnapshotPage>> {
  const query = page === undefined ? '' : `?page=${encodeURIComponent(page)}`;
  return request(fetcher, `${SNAPSHOT_PATH}${query}`, { method: 'GET' }, isSnapshotPage);
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
    isPush,
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
    isAny,
  );
}

/** What the device reads of GET /api/me: the account's favourite item ids, newest first. */
export interface MeFavourites {
  favourites: number[];
}

function isMeFavourites(body: unknown): body is MeFavourites {
  return (
    isRecord(body) &&
    Array.isArray(body.favourites) &&
    body.favourites.every((id) => Number.isInteger(id) && (id as number) > 0)
  );
}

/** The signed-in account's own records (GET /api/me); the device reads its favourites. */
export function fetchMe(fetcher: Fetch): Promise<Outcome<MeFavourites>> {
  return request(fetcher, '/api/me', { method: 'GET' }, isMeFavourites);
}
