// GET /api/changes?since=<seq>: the change log after a device's cursor, oldest first, in pages.
// Each change carries the new public state of one record (item, creator, bid, activity...),
// or null when the record is gone; the device applies them in order and keeps the last seq.
import { Hono } from 'hono';
import { parseQuery, PullQuerySchema, PULL_PAGE } from '../../shared/list-query.ts';
import type { Change, PullResponse } from '../../shared/protocol.ts';
import type { Database } from '../db/database.ts';
import type { AppEnv } from '../http/app-env.ts';
import { apiError } from '../http/guards.ts';
import { logWindow, mustStartOver } from './compaction.ts';

export { PULL_PAGE };

export type { Change };

/** Read on every pull and by the event streams' hub after every commit: prepared once. */
const CHANGES_SINCE = {
  name: 'artmint_changes_since',
  text: 'SELECT seq, topic, key, data FROM changes WHERE seq > $1 ORDER BY seq LIMIT $2',
};

export async function changesSince(db: Database, since: number, limit = PULL_PAGE) {
  const { rows } = await db.logReader.query<Change>(CHANGES_SINCE, [since, limit + 1]);
  const more = rows.length > limit;
  const changes = more ? rows.slice(0, limit) : rows;
  return { changes, cursor: changes.at(-1)?.seq ?? since, more };
}

/** `behind`: entries behind the newest past which a device starts from the snapshot. */
export function pullRoutes(db: Database, behind?: number) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    const parsed = parseQuery(PullQuerySchema, (name) => c.req.query(name));
    if (!parsed.ok) return apiError(c, 400, parsed.error);
    const { since = 0, limit = PULL_PAGE } = parsed.query;
    c.header('Cache-Control', 'no-store');
    // Behind the compacted part of the log, or too far behind: the device starts from the
    // snapshot (compaction.ts).
    if (mustStartOver(since, await logWindow(db.logReader), behind)) {
      const reset: PullResponse = { changes: [], cursor: since, more: false, reset: true };
      return c.json(reset);
    }
    return c.json(await changesSince(db, since, limit));
  });
  return app;
}
