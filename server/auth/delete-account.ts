// Delete account (docs/product.md "Writes"), in the caller's transaction: the account's personal
// data goes, and what other collectors' state depends on stays, anonymised.
//
// Gone: sessions, reset tokens, profile sections, favourites, follows, the pushed-write
// record, messages sent by the account or with its email, the images it uploaded that no
// remaining item shows, the account row, and its creator record when nothing still refers to it.
// The account's own items that nobody bought or bid on are removed with their listing entry.
// Kept, with no name and no account link: its bids and purchases (an auction's history and
// highest bid, and a sale, are other collectors' truth too), and the items someone else now
// owns or has bid on, and the ones it bought. The items it made then show "Deleted collector":
// in their own data, and in its creator record (default avatar, no bio, no links, nobody
// follows it), which also names the owner of what it bought or still owns. An account that never
// became a creator has no such record, and the app names its items' owner as it names any
// owner it has no record of.
// Every public record whose shown value changes (favourite and follower counts, the items and
// the creator record, bids' bidder and activity entries' names) is logged, so another device's
// next pull shows it.
import { defaultCreator } from '../catalog/creators.ts';
import { IMAGE_URL_PREFIX } from '../catalog/images.ts';
import { recordChange, recordChanges } from '../core/change-log.ts';
import { recordCreatorChange, recordItemChange } from '../core/snapshots.ts';
import type { Sql } from '../db/database.ts';
import type { ServerBid } from '../../shared/protocol.ts';
import type { ActivityActor, ActivityEntry } from '../../shared/types.ts';
import {
  addActivity,
  bidEntryJson,
  ITEM_COLUMNS,
  listingEntry,
  purchaseEntry,
} from '../market/activity.ts';
import { bidJson } from '../market/bid-records.ts';
import { ethText } from '../market/amounts.ts';
import { saleEntries } from '../market/sale.ts';

export const DELETED_NAME = 'Deleted collector';
const DELETED_HANDLE = '@deleted';

interface ItemRef {
  id: number;
  title: string;
  image: string;
}
const ITEM_REF = `i.data->>'title' AS title, i.data->>'image' AS image`;

export async function deleteAccountData(
  tx: Sql,
  account: { id: number; email: string },
): Promise<void> {
  const id = account.id;
  // The account row first: a concurrent write that refers to the account waits for this one.
  // Then the rows of every item and creator whose public state changes, in id order, each
  // lock in its own statement so that the checks after it see what a waiting write committed.
  await tx.query('SELECT 1 FROM accounts WHERE id = $1 FOR UPDATE', [id]);
  await tx.query(
    `SELECT 1 FROM items i
     WHERE i.creator_id = $1 OR i.owner_id = $1
       OR i.id IN (SELECT item_id FROM favourites WHERE account_id = $1)
       OR i.id IN (SELECT item_id FROM bids WHERE account_id = $1)
       OR i.id IN (SELECT item_id FROM purchases WHERE account_id = $1)
     ORDER BY i.id FOR UPDATE`,
    [id],
  );
  await tx.query(
    `SELECT 1 FROM creators
     WHERE id = $1 OR id IN (SELECT creator_id FROM follows WHERE account_id = $1)
     ORDER BY id FOR UPDATE`,
    [id],
  );

  // Its own items that nobody bought or bid on go, with their activity (their listing).
  const { rows: removed } = await tx.query<{ topic: 'item' | 'activity'; key: string }>(
    `WITH gone AS (
       DELETE FROM items i WHERE i.creator_id = $1 AND i.owner_id = $1
         AND NOT EXISTS (SELECT 1 FROM bids b WHERE b.item_id = i.id)
         AND NOT EXISTS (SELECT 1 FROM purchases p WHERE p.item_id = i.id)
       RETURNING i.id
     ), entries AS (
       DELETE FROM activity a USING gone WHERE a.item_id = gone.id RETURNING a.id
     )
     SELECT 'activity' AS topic, id AS key FROM entries
     UNION ALL SELECT 'item', id::text FROM gone`,
    [id],
  );
  await recordChanges(
    tx,
    removed.map(({ topic, key }) => ({ topic, key, data: null })),
  );

  const changedItems = new Set<number>();
  const { rows: favourites } = await tx.query<{ item_id: number }>(
    'DELETE FROM favourites WHERE account_id = $1 RETURNING item_id',
    [id],
  );
  for (const row of favourites) changedItems.add(row.item_id);
  const { rows: follows } = await tx.query<{ creator_id: number }>(
    'DELETE FROM follows WHERE account_id = $1 RETURNING creator_id',
    [id],
  );

  // Bids and purchases stay, under the neutral name; so do their activity entries.
  const { rows: bids } = await tx.query<{ bid: ServerBid; entry: ActivityEntry }>(
    `WITH anonymised AS (
       UPDATE bids SET account_id = NULL, bidder = $2 WHERE account_id = $1 RETURNING *
     )
     SELECT ${bidJson('a')} AS bid,
       ${bidEntryJson('a', ITEM_COLUMNS, 'NULL')} AS entry
     FROM anonymised a JOIN items i ON i.id = a.item_id
     ORDER BY a.created_at, a.id`,
    [id, DELETED_NAME],
  );
  for (const { bid, entry } of bids) {
    await addActivity(tx, entry, [{ topic: 'bid', key: bid.id, data: bid }]);
  }
  const { rows: purchases } = await tx.query<
    ItemRef & {
      purchase: string;
      price: string;
      sale_text: string;
      by_bid: boolean;
      auction: boolean;
      seller: ActivityActor | null;
      created_at: Date;
    }
  >(
    `WITH anonymised AS (
       UPDATE purchases SET account_id = NULL, buyer = $2 WHERE account_id = $1
       RETURNING id, item_id, trim_scale(price_eth)::text AS price,
         ${ethText('price_eth')} AS sale_text, created_at
     )
     SELECT a.id AS purchase, a.price, a.sale_text, a.created_at, i.id, ${ITEM_REF},
       EXISTS (SELECT 1 FROM bids b WHERE b.id = a.id) AS by_bid,
       i.sale_kind = 'auctions' AS auction,
       (SELECT s.data->'actor' FROM activity s WHERE s.id = 'sale-' || a.id) AS seller
     FROM anonymised a JOIN items i ON i.id = a.item_id ORDER BY a.created_at, a.id`,
    [id, DELETED_NAME],
  );
  for (const row of purchases) {
    const {
      purchase,
      price,
      created_at: at,
      by_bid: byBid,
      auction,
      sale_text: text,
      seller,
    } = row;
    const item = { id: row.id, title: row.title, image: row.image };
    // Its snapshot names the buyer (soldTo).
    changedItems.add(item.id);
    // A sale to a bid (an auction won, an offer accepted) has both sides' entries.
    if (byBid) {
      const entries = saleEntries(
        { ...item, auction },
        {
          bidId: purchase,
          buyer: { id: null, name: DELETED_NAME },
          // The seller, as its entry names it (null: a sample creator's item).
          seller,
          price: text,
          at: at.toISOString(),
        },
      );
      for (const entry of entries) await addActivity(tx, entry);
      continue;
    }
    await addActivity(
      tx,
      purchaseEntry(
        item,
        {
          id: purchase,
          buyer: DELETED_NAME,
          priceEth: price,
          at: at.toISOString(),
        },
        null,
      ),
    );
  }

  // What else it did (its sales to other collectors) stays, told of the neutral name.
  const { rows: deeds } = await tx.query<{ id: string; data: ActivityEntry }>(
    `UPDATE activity SET data = (data - 'actor')
       || jsonb_build_object('description', coalesce((data->'actor'->>'lead') || ' ', '')
         || $2::text || ' ' || (data->'actor'->>'deed'))
     WHERE data->'actor'->>'id' = $1::text RETURNING id, data`,
    [id, DELETED_NAME],
  );
  await recordChanges(
    tx,
    deeds.map((entry) => ({ topic: 'activity', key: entry.id, data: entry.data })),
  );

  // The items it made that stay show the neutral creator, and their listing says so.
  // Marked deleted: lists of creators leave it out; its items still name it.
  const placeholder = {
    ...defaultCreator(id, DELETED_NAME),
    handle: DELETED_HANDLE,
    deleted: true,
  };
  const { rows: made } = await tx.query<ItemRef & { listed_at: string | null }>(
    `UPDATE items i SET data = i.data || $2::jsonb WHERE i.creator_id = $1
     RETURNING i.id, ${ITEM_REF},
       (SELECT a.data->>'at' FROM activity a WHERE a.id = 'listing-' || i.id) AS listed_at`,
    [
      id,
      JSON.stringify({ name: DELETED_NAME, subtext: DELETED_HANDLE, avatar: placeholder.avatar }),
    ],
  );
  for (const { listed_at: listedAt, ...item } of made) {
    changedItems.add(item.id);
    if (listedAt) await addActivity(tx, listingEntry(item, DELETED_NAME, null, listedAt));
  }
  for (const itemId of changedItems) await recordItemChange(tx, itemId);
  for (const row of follows) await recordCreatorChange(tx, row.creator_id);

  // Its creator record: the neutral one while an item still refers to the account, else gone.
  const { rows: creator } = await tx.query<{ referred: boolean; volume: string }>(
    `SELECT EXISTS (SELECT 1 FROM items WHERE creator_id = $1 OR owner_id = $1) AS referred,
       data->>'volumeEth' AS volume
     FROM creators WHERE id = $1`,
    [id],
  );
  if (creator[0]?.referred) {
    await tx.query('DELETE FROM follows WHERE creator_id = $1', [id]);
    await tx.query('UPDATE creators SET account_id = NULL, data = $2 WHERE id = $1', [
      id,
      JSON.stringify({ ...placeholder, volumeEth: creator[0].volume }),
    ]);
    await recordCreatorChange(tx, id);
  } else if (creator[0]) {
    await tx.query('DELETE FROM creators WHERE id = $1', [id]);
    await recordChange(tx, 'creator', id, null);
  }

  // Images a remaining item shows stay (unlinked); the rest of its uploads go with the account.
  await tx.query(
    `UPDATE images im SET account_id = NULL WHERE im.account_id = $1
       AND EXISTS (SELECT 1 FROM items i WHERE strpos(i.data::text, $2 || im.id) > 0)`,
    [id, IMAGE_URL_PREFIX],
  );
  await tx.query('DELETE FROM images WHERE account_id = $1', [id]);
  // Messages hold the email: the ones sent signed out with it go too.
  await tx.query(
    `DELETE FROM messages WHERE account_id = $1 OR lower(fields->>'email') = lower($2)`,
    [id, account.email],
  );
  for (const table of ['sessions', 'reset_tokens', 'profile_sections', 'mutations']) {
    await tx.query(`DELETE FROM ${table} WHERE account_id = $1`, [id]);
  }
  await tx.query('DELETE FROM accounts WHERE id = $1', [id]);
}
