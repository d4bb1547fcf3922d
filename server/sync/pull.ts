// GET /api/changes?since=<seq>: the change log after a device's cursor, oldest first, in pages.
// Each change carries the new public state of one record (item, creator, bid, activity...),
// or null when the record is gone; the device applies them in order and keeps the last seq.
import { Hono } from 'hono';
import type { Change, PullResponse } from '../../shared/protocol.ts';
import type { Database, Sql } from '../db/database.ts';
import type { AppEnv } from '../http/app-env.ts';
import { apiError } from '../http/guards.ts';
import { logWindow, mustStartOver } from './compaction.ts';

export const PULL_PAGE = 1000;

export type { Change };

/** Read on every pull and by the event streams' hub after every commit: prepared once. */
const CHANGES_SINCE = {
  name: 'artmint_changes_since',
  text: 'SELECT seq, topic, key, data FROM changes WHERE seq > $1 ORDER BY seq LIMIT $2',
};

/** `sql`: the log reader (the event hub), or the public reads (a pull, through `pullRoutes`). */
export async function changesSince(
  db: Database,
  since: number,
  limit = PULL_PAGE,
  sql: Sql = db.logReader,
) {
  const { rows } = await sql.query<Change>(CHANGES_SINCE, [since, limit + 1]);
  const more = rows.length > limit;
  const changes = more ? rows.slice(0, limit) : rows;
  return { changes, cursor: changes.at(-1)?.seq ?? since, more };
}

/** `behind`: entries behind the newest past which a device starts from the snapshot. A pull is
 * a public read (docs/security.md "Read bounds"): on `db.publicReads`, never the log reader's
 * connections, which live delivery needs. */
export function pullRoutes(db: Database, behind?: number) {
  const reads = db.publicReads;
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    const since = Number(c.req.query('since') ?? '0');
    const limit = Number(c.req.query('limit') ?? PULL_PAGE);
    if (!Number.isSafeInteger(since) || since < 0) {
      return apiError(c, 400, 'since must be a whole number of 0 or more.');
    }
    if (!Number.isSafeInteger(limit) || limit < 1 || limit > PULL_PAGE) {
      return apiError(c, 400, `limit must be a whole number from 1 to ${PULL_PAGE}.`);
    }
    c.header('Cache-Control', 'no-store');
    // Behind the compacted part of the log, or too far behind: the device starts from the
    // snapshot (compaction.ts).
    if (mustStartOver(since, await logWindow(reads), behind)) {
      const reset: PullResponse = { changes: [], cursor: since, more: false, reset: true };
      return c.json(reset);
    }
    return c.json(await changesSince(db, since, limit, reads));
  });
  return app;
}
