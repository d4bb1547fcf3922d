// The sync engine's requests to the Artmint API, through the device's one API client
// (core/api.ts) and its one result: offline is retried later (honouring Retry-After), signed-out
// asks the session again, failed is a route that is not there or an answer this app cannot
// read (the engine then runs device-only: docs/sync.md), refused is a request the server will
// not take as it is.
import type { Answer, AnswerName } from '@shared/answers';
import {
  type PullResponse,
  type PushResponse,
  type SnapshotPage,
  type Mutation,
} from '@shared/protocol';
import type { ApiResult } from '../contract/data-access';
import { apiRequest, type ApiRequestOptions } from '../core/api';
import { pullPath, snapshotPath } from '@shared/sync-paths';
import {
  ACCOUNT_CHANGES_PATH,
  ACCOUNT_PULL_LIMIT,
  type AccountPullResponse,
} from '@shared/account-channel';
import { syncSpan } from './timing';

export type Fetch = typeof fetch;

/** How a request ended, beyond success. */
export type Failure = Exclude<ApiResult<never>, { kind: 'ok' }>;

/** The engine's way to ask: its fetch, never the browser's cache, no time limit (a page of the
 * snapshot on a slow phone may take long), and the answer's reading measured. */
function request<K extends AnswerName | null>(
  fetcher: Fetch,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  answer: K,
  body?: ApiRequestOptions<K>['body'],
) {
  return apiRequest(method, url, {
    answer,
    body,
    fetcher,
    cache: 'no-store',
    timeoutMs: null,
    measure: (read) => syncSpan('read', read),
  });
}

export function checkHealth(fetcher: Fetch): Promise<ApiResult<Answer<'health'>>> {
  return request(fetcher, 'GET', '/api/health', 'health');
}

export function checkSession(fetcher: Fetch): Promise<ApiResult<Answer<'session'>>> {
  return request(fetcher, 'GET', '/api/auth/session', 'session');
}

export function pull(
  fetcher: Fetch,
  since: number,
  limit?: number,
): Promise<ApiResult<PullResponse>> {
  return request(fetcher, 'GET', pullPath(since, limit), 'pull');
}

/** A page of the snapshot: the first when `page` is undefined. */
export function snapshot(fetcher: Fetch, page?: string): Promise<ApiResult<SnapshotPage>> {
  return request(fetcher, 'GET', snapshotPath(page), 'snapshot');
}

export function push(fetcher: Fetch, mutations: Mutation[]): Promise<ApiResult<PushResponse>> {
  return request(fetcher, 'POST', '/api/push', 'push', { json: { mutations } });
}

export function uploadImage(
  fetcher: Fetch,
  id: string,
  data: ArrayBuffer,
  type: string,
): Promise<ApiResult<null>> {
  return request(fetcher, 'PUT', `/api/images/${encodeURIComponent(id)}`, null, { data, type });
}

/** The signed-in account's own records as a whole (GET /api/me: shared/account-channel.ts). */
export function fetchMe(fetcher: Fetch): Promise<ApiResult<Answer<'me'>>> {
  return request(fetcher, 'GET', '/api/me', 'me');
}

/** The newest page of the signed-in account's notifications (GET /api/notifications). */
export function fetchNotifications(
  fetcher: Fetch,
  limit: number,
): Promise<ApiResult<Answer<'notificationsPage'>>> {
  return request(fetcher, 'GET', `/api/notifications?limit=${limit}`, 'notificationsPage');
}

/** The signed-in account's log after `since` (GET /api/me/changes). */
export function pullAccount(
  fetcher: Fetch,
  since: number,
  limit = ACCOUNT_PULL_LIMIT,
): Promise<ApiResult<AccountPullResponse>> {
  return request(
    fetcher,
    'GET',
    `${ACCOUNT_CHANGES_PATH}?since=${since}&limit=${limit}`,
    'accountPull',
  );
}
