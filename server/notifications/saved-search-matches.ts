// A new item tells the accounts whose saved searches it matches (docs/product.md "Saved
// searches"), kind `search-match`. A search matches when explore would find the item with it by
// its words as typed (server/catalog/item-search.ts: every word, whole or as a prefix, anywhere
// in the item, over the same item_search row) and its filters. The searches are found through
// an index (migration 027), never by running each: a search with words by its longest stem, a
// prefix of one of the item's words, then its query and filters on those candidates only; one
// without words by its filters. The upload tells the first SEARCH_MATCH_IN_UPLOAD accounts in
// its own transaction; more wait in search_matches_pending for the settler's timer
// (server/market/settlement.ts), a batch per transaction in account order, as ending-soon.ts.
import type { Database, Sql } from '../db/database.ts';
import { notify } from './write.ts';

/** Accounts told in one transaction of the job, at most. */
export const SEARCH_MATCH_BATCH = 500;
/** Accounts told in the upload's own transaction, at most: writing a notification costs about
 * half a millisecond (scripts/bench-watch.mjs), so the upload's transaction stays short. */
export const SEARCH_MATCH_IN_UPLOAD = 100;
/** Batches one run of the job does, at most. */
export const SEARCH_MATCH_MAX_BATCHES = 50;

/** The accounts after `after` (in id order, `batch` at most) with a search the item matches,
 * its uploader aside. The item's stems go to the index as one array (`= ANY`): as a join, the
 * planner expects a thousand times more of them than an item has and reads the whole table
 * instead; the filters, as arrays too, are conditions of their index (scripts/bench-watch.mjs). */
export async function matchingAccounts(
  db: Sql,
  itemId: number,
  { after = 0, except = 0, batch = SEARCH_MATCH_BATCH } = {},
): Promise<number[]> {
  const { rows } = await db.query<{ account_id: number }>(
    `WITH it AS (
       SELECT words, coalesce(category, '') AS category, coalesce(market_category, '') AS market,
         coalesce(sale_kind, '') AS sale
       FROM item_search WHERE id = $1),
     matched AS (
       SELECT s.account_id FROM it, saved_searches s
       WHERE s.key_word = ANY (ARRAY(
           SELECT DISTINCT left(w, n) FROM it, unnest(tsvector_to_array(it.words)) w,
             generate_series(1, length(w)) n))
         AND s.category IN ('', it.category) AND s.market IN ('', it.market)
         AND s.sale IN ('', it.sale) AND it.words @@ s.query
       UNION
       SELECT s.account_id FROM it, saved_searches s
       WHERE s.key_word IS NULL AND s.category = ANY (ARRAY['', it.category])
         AND s.market = ANY (ARRAY['', it.market]) AND s.sale = ANY (ARRAY['', it.sale]))
     SELECT account_id FROM matched WHERE account_id > $2 AND account_id <> $3
     ORDER BY account_id LIMIT $4`,
    [itemId, after, except, batch],
  );
  return rows.map((row) => row.account_id);
}

/** Tells one batch of the item's searchers; answers the last account told when the batch was
 * full (more may follow), else null. */
async function tellBatch(
  tx: Sql,
  item: { id: number; title: string; by: number },
  after: number,
  batch: number,
): Promise<number | null> {
  const accounts = await matchingAccounts(tx, item.id, { after, except: item.by, batch });
  await notify(tx, 'search-match', {
    to: accounts,
    actor: item.by,
    itemId: item.id,
    facts: { title: item.title },
  });
  return accounts.length === batch ? (accounts.at(-1) ?? null) : null;
}

/** In the upload's transaction (server/catalog/uploads.ts): tells the first batch, and leaves
 * the rest, if any, to the job. */
export async function tellSearchMatches(
  tx: Sql,
  item: { id: number; title: string; by: number },
  batch = SEARCH_MATCH_IN_UPLOAD,
): Promise<void> {
  const last = await tellBatch(tx, item, 0, batch);
  if (last === null) return;
  await tx.query('INSERT INTO search_matches_pending (item_id, after_account) VALUES ($1, $2)', [
    item.id,
    last,
  ]);
}

/** The job: tells the next batch of each pending item (at most `maxBatches`); answers the
 * batches done. Two server processes never take the same item at once (SKIP LOCKED). */
export async function fanOutSearchMatches(
  db: Database,
  { batch = SEARCH_MATCH_BATCH, maxBatches = SEARCH_MATCH_MAX_BATCHES } = {},
): Promise<number> {
  let done = 0;
  const next = (tx: Sql) => nextBatch(tx, batch);
  while (done < maxBatches && (await db.transaction(next))) done += 1;
  return done;
}

async function nextBatch(tx: Sql, batch: number): Promise<boolean> {
  const { rows } = await tx.query<{
    item_id: number;
    after_account: number;
    title: string;
    by: number;
  }>(
    `SELECT p.item_id, p.after_account, coalesce(i.data->>'title', '') AS title,
       i.creator_id AS by
     FROM search_matches_pending p JOIN items i ON i.id = p.item_id
     ORDER BY p.item_id LIMIT 1 FOR UPDATE OF p SKIP LOCKED`,
  );
  const claimed = rows[0];
  if (!claimed) return false;
  const item = { id: claimed.item_id, title: claimed.title, by: claimed.by };
  const last = await tellBatch(tx, item, claimed.after_account, batch);
  if (last === null) {
    await tx.query('DELETE FROM search_matches_pending WHERE item_id = $1', [item.id]);
  } else {
    await tx.query('UPDATE search_matches_pending SET after_account = $2 WHERE item_id = $1', [
      item.id,
      last,
    ]);
  }
  return true;
}
