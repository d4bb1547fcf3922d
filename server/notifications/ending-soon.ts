// "An auction ends within the hour" (docs/product.md "Notifications"): one event that may tell
// thousands (every bidder and every collector who favourited it), so it is never written in a
// bid's transaction: the settler's timer runs this job after its settles. An auction entering
// its last hour gets a row in `ending_soon` (migration 023); the job then tells its watchers in
// batches of `batch` accounts in id order, each batch its own transaction that claims the row
// (FOR UPDATE SKIP LOCKED: two server processes never take the same batch) and records how far
// it got, so a crash resumes after the last batch committed and nobody is told twice. A run
// does at most `maxBatches` batches; the rest waits for the next run.
import { NOTIFICATION_KINDS, NOTIFICATION_TOGGLE_DEFAULTS } from '../../shared/notifications.ts';
import type { Database, Sql } from '../db/database.ts';

export const ENDING_SOON_BATCH = 1000;
export const ENDING_SOON_MAX_BATCHES = 50;

const { section, toggle } = NOTIFICATION_KINDS['ending-soon'];

/** Tells the next batch of one auction's watchers; false when no auction is left to tell. */
async function tellBatch(tx: Sql, batch: number): Promise<boolean> {
  const { rows } = await tx.query<{ item_id: number; after_account: number; running: boolean }>(
    `SELECT e.item_id, e.after_account,
       (i.settled_at IS NULL AND i.unlisted_at IS NULL AND i.ends_at > now()) AS running
     FROM ending_soon e JOIN items i ON i.id = e.item_id WHERE NOT e.done
     ORDER BY e.item_id LIMIT 1 FOR UPDATE OF e SKIP LOCKED`,
  );
  const claimed = rows[0];
  if (!claimed) return false;
  if (!claimed.running) {
    // Sold with Buy Now, unlisted or ended meanwhile: nobody more is told.
    await tx.query('UPDATE ending_soon SET done = true WHERE item_id = $1', [claimed.item_id]);
    return true;
  }
  const { rows: told } = await tx.query<{ last: number | null; n: number }>(
    `WITH watchers AS (
       SELECT w.account_id FROM (
         SELECT b.account_id FROM bids b WHERE b.item_id = $1 AND b.account_id > $2
         UNION
         SELECT f.account_id FROM favourites f WHERE f.item_id = $1 AND f.account_id > $2
       ) w ORDER BY w.account_id LIMIT $3
     ), item AS (SELECT i.owner_id, i.data->>'title' AS title FROM items i WHERE i.id = $1),
     written AS (
       SELECT count(*) FROM item, artmint_notify(
         ARRAY(SELECT account_id FROM watchers), 'ending-soon', $4, $5, $6, item.owner_id, $1,
         jsonb_build_object('title', item.title))
     )
     SELECT (SELECT max(account_id) FROM watchers) AS last,
       (SELECT count(*)::int FROM watchers) AS n, (SELECT count(*) FROM written) AS w`,
    [
      claimed.item_id,
      claimed.after_account,
      batch,
      section,
      toggle,
      NOTIFICATION_TOGGLE_DEFAULTS[section][toggle],
    ],
  );
  const { last = null, n = 0 } = told[0] ?? {};
  await tx.query('UPDATE ending_soon SET after_account = $2, done = $3 WHERE item_id = $1', [
    claimed.item_id,
    last ?? claimed.after_account,
    n < batch,
  ]);
  return true;
}

/**
 * Opens the fan-out of every running auction that entered its last hour, then tells watchers,
 * at most `maxBatches` batches; answers the batches done.
 */
export async function fanOutEndingSoon(
  db: Database,
  { batch = ENDING_SOON_BATCH, maxBatches = ENDING_SOON_MAX_BATCHES } = {},
): Promise<number> {
  await db.query(
    `INSERT INTO ending_soon (item_id)
     SELECT i.id FROM items i
     WHERE i.sale_kind = 'auctions' AND i.settled_at IS NULL AND i.unlisted_at IS NULL
       AND date_trunc('milliseconds', i.ends_at AT TIME ZONE 'UTC')
         <= (now() + interval '1 hour') AT TIME ZONE 'UTC'
       AND i.ends_at > now()
     ON CONFLICT (item_id) DO NOTHING`,
  );
  let done = 0;
  while (done < maxBatches && (await db.transaction((tx) => tellBatch(tx, batch)))) done += 1;
  return done;
}
