// The sync protocol's paths, apart from its schemas (shared/protocol.ts), so the first open's
// asks (src/data/sync/boot.ts) carry no schema code.

/** GET /api/snapshot: the current public state, in pages (docs/sync.md "Snapshot"). */
export const SNAPSHOT_PATH = '/api/snapshot';

/** How many entries of the log a device asks for at once (GET /api/changes). */
export const PULL_LIMIT = 1000;

/** The snapshot's page `page` (the first when undefined). */
export function snapshotPath(page?: string): string {
  return page === undefined ? SNAPSHOT_PATH : `${SNAPSHOT_PATH}?page=${encodeURIComponent(page)}`;
}

/** The log after `since`, `limit` entries at most. */
export function pullPath(since: number, limit = PULL_LIMIT): string {
  return `/api/changes?since=${since}&limit=${limit}`;
}
