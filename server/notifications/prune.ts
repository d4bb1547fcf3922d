// The housekeeping's cut of notifications (docs/database.md "Notifications"): each account keeps
// its newest NOTIFICATIONS_KEPT. Only the accounts notified since the last cut are looked at:
// the rows after a mark (the settings row NOTIFICATIONS_MARK, the highest id looked at), a batch
// of PRUNE_BATCH rows at a time, at most PRUNE_BATCHES batches a run (the rest waits for the
// next run), so a run's work follows the notifications written, never the accounts there are.
// Rows younger than a minute wait for the next run, so one of a transaction still open when the
// mark passed is not skipped. Safe to run twice at once: both cut the same rows; the mark only
// grows.
import { NOTIFICATIONS_KEPT } from '../../shared/notifications.ts';
import type { Database } from '../db/database.ts';

export const NOTIFICATIONS_MARK = 'notifications_pruned_to';
export const PRUNE_BATCH = 1000;
export const PRUNE_BATCHES = 100;

/** Cuts the notifications past each account's newest kept; answers how many were deleted. */
export async function pruneNotifications(db: Database): Promise<number> {
  let pruned = 0;
  for (let batch = 0; batch < PRUNE_BATCHES; batch += 1) {
    const { rows } = await db.query<{ accounts: number[] | null; upto: string | null; n: number }>(
      `SELECT array_agg(DISTINCT b.account_id) AS accounts, max(b.id)::text AS upto,
         count(*)::int AS n
       FROM (SELECT id, account_id FROM notifications
             WHERE id > coalesce((SELECT value::bigint FROM settings WHERE key = $1), 0)
               AND created_at < now() - interval '1 minute'
             ORDER BY id LIMIT $2) b`,
      [NOTIFICATIONS_MARK, PRUNE_BATCH],
    );
    const found = rows[0];
    if (!found?.accounts || found.upto === null) return pruned;
    const { rowCount } = await db.query(
      `DELETE FROM notifications n
       USING (SELECT a.id, (SELECT x.id FROM notifications x WHERE x.account_id = a.id
                            ORDER BY x.id DESC OFFSET $2 LIMIT 1) AS cut
              FROM unnest($1::int[]) AS a(id)) c
       WHERE n.account_id = c.id AND n.id <= c.cut`,
      [found.accounts, NOTIFICATIONS_KEPT],
    );
    pruned += rowCount;
    await db.query(
      `INSERT INTO settings (key, value) VALUES ($1, $2)
       ON CONFLICT (key) DO UPDATE
       SET value = greatest(settings.value::bigint, EXCLUDED.value::bigint)::text`,
      [NOTIFICATIONS_MARK, found.upto],
    );
    if (found.n < PRUNE_BATCH) return pruned;
  }
  return pruned;
}
