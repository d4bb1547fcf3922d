// Seeds the sample catalogue (src/data/sample, the same data the app ships) on a fresh
// database, once: items, creators, collections and blog posts, with auction ends counted from
// the server's first start (the app counts them from its own start when it has no server).
// Each seeded item and creator also enters the change log, so a device's first pull gets the
// server's end times and counts.
import { baseFavouriteCount } from '../../shared/query.ts';
import { sampleBlogPosts } from '../../shared/sample/blog.ts';
import { sampleCollections } from '../../shared/sample/collections.ts';
import { sampleCreators } from '../../shared/sample/creators.ts';
import { createSampleItems } from '../../shared/sample/items.ts';
import type { Database, Sql } from '../db/database.ts';
import { recordCreatorChange, recordItemChange } from '../core/snapshots.ts';

/** The server's first start (ms), stored on the first seed. */
export async function loadEpoch(db: Sql): Promise<number | null> {
  const { rows } = await db.query<{ value: string }>(
    "SELECT value FROM settings WHERE key = 'epoch'",
  );
  return rows[0] ? Number(rows[0].value) : null;
}

/** Seeds a database that has no epoch yet; returns whether it seeded. */
export async function seedIfEmpty(db: Database, now = Date.now()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx.query(
      "INSERT INTO settings (key, value) VALUES ('epoch', $1) ON CONFLICT (key) DO NOTHING",
      [String(now)],
    );
    if (inserted.rowCount === 0) return false;
    for (const creator of sampleCreators) {
      const { followers, ...data } = creator;
      await tx.query('INSERT INTO creators (id, data, followers_base) VALUES ($1, $2, $3)', [
        creator.id,
        JSON.stringify(data),
        followers,
      ]);
      await recordCreatorChange(tx, creator.id);
    }
    for (const item of createSampleItems(now)) {
      await tx.query(
        `INSERT INTO items (id, creator_id, owner_id, sale_kind, price_eth, highest_bid_eth,
           ends_at, favourites_base, data)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          item.id,
          item.creatorId,
          item.ownerId,
          item.saleKind,
          item.priceEth,
          item.highestBidEth,
          item.liveDate,
          baseFavouriteCount(item),
          JSON.stringify(item),
        ],
      );
      await recordItemChange(tx, item.id);
    }
    for (const collection of sampleCollections) {
      await tx.query('INSERT INTO collections (id, data) VALUES ($1, $2)', [
        collection.id,
        JSON.stringify(collection),
      ]);
    }
    for (const post of sampleBlogPosts) {
      await tx.query('INSERT INTO blog_posts (id, data) VALUES ($1, $2)', [
        post.id,
        JSON.stringify(post),
      ]);
    }
    return true;
  });
}
