// The change log: every write appends the new public state of each record it changed
// (snapshots.ts), in the write's transaction; devices read it from a cursor (GET /api/changes,
// the live stream). What every domain folder uses to append, and the log's newest sequence.
import type { Database, Sql } from '../db/database.ts';

/** One entry of the change log; `data` null means the record was deleted. */
export interface Change {
  topic: string;
  key: string | number;
  data: unknown;
}

/** The channel on which every commit that grew the change log is announced (event-hub.ts). */
export const CHANGES_CHANNEL = 'artmint_changes';

/**
 * Stages entries for the change log (server/migrations/functions/artmint_log_changes.sql).
 * The database appends them in order when the transaction commits, under the log's lock, which
 * is then held only while the COMMIT runs; a savepoint rolled back takes them with it. Outside
 * a transaction the statement is its own. Records whose entries must follow one another (an
 * item's bids, an account's follows) are ordered by the row locks each write takes first
 * (SELECT ... FOR UPDATE), which a later writer waits on until the earlier has committed.
 */
const LOG_CHANGES = {
  name: 'artmint_log_changes',
  text: 'SELECT artmint_log_changes($1::jsonb)',
};

/** Records entries for the log, in order (see LOG_CHANGES). */
export async function recordChanges(tx: Sql, changes: Change[]): Promise<void> {
  if (changes.length === 0) return;
  const entries = changes.map(({ topic, key, data }) => ({ topic, key: String(key), data }));
  await tx.query(LOG_CHANGES, [JSON.stringify(entries)]);
}

/** Appends a change to the log; `data` null means the record was deleted. */
export async function recordChange(
  db: Sql,
  topic: string,
  key: string | number,
  data: unknown,
): Promise<void> {
  await recordChanges(db, [{ topic, key, data }]);
}

/**
 * The newest sequence in the log. On the log readers' connections: a push that has committed
 * answers at once, not after every push queued for the pool meanwhile.
 */
export async function latestSeq(db: Database): Promise<number> {
  const { rows } = await db.logReader.query<{ seq: number | string }>({
    name: 'artmint_latest_seq',
    text: 'SELECT coalesce(max(seq), 0) AS seq FROM changes',
  });
  return Number(rows[0]?.seq ?? 0);
}
