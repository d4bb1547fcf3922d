import pg from 'pg';
import { recordItemChange } from '../../server/core/snapshots.ts';
import { openPostgres } from '../../server/db/database.ts';

// For the specs whose servers run on PostgreSQL: `npm test` runs the end-to-end suite inside
// scripts/with-postgres.sh, which hands it a throwaway cluster as E2E_DATABASE_URL; each such
// spec file makes a database of its own on it.

/** The cluster the test command started, or a clear error when there is none. */
export function e2eCluster(): string {
  const cluster = process.env.E2E_DATABASE_URL;
  if (!cluster) {
    throw new Error(
      'E2E_DATABASE_URL is not set: run the end-to-end suite through `npm test` (or inside scripts/with-postgres.sh)',
    );
  }
  return cluster;
}

/** A fresh database on the cluster: its URL, and the function that drops it. */
export async function freshDatabase(
  cluster: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `artmint_${prefix}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: cluster });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(cluster);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const again = new pg.Client({ connectionString: cluster });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}

/** Runs a read on the server's database (what a test checks besides the screens). */
export async function queryDatabase<T extends pg.QueryResultRow>(
  url: string,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Moves a running auction's end to `ms` from now on the database's clock, as the server itself
 * moves an end (a late bid in server/market/bids.ts): `items.ends_at`, which the settler wakes
 * for and from which the item's snapshot takes its end (liveDate, date), and the item's entry
 * in the change log, announced to every server's event streams, so open pages follow it. A
 * test's way to let an auction with bids end within the test: a bid in its last 15 minutes
 * would move the end 15 minutes on, and the product keeps that rule.
 */
export async function moveAuctionEnd(url: string, itemId: number, ms: number): Promise<void> {
  const db = await openPostgres(url);
  try {
    await db.transaction(async (tx) => {
      const moved = await tx.query(
        `UPDATE items SET ends_at = now() + $2 * interval '1 millisecond'
         WHERE id = $1 AND sale_kind = 'auctions' AND settled_at IS NULL`,
        [itemId, ms],
      );
      if (moved.rowCount !== 1) throw new Error(`item ${itemId} is no running auction`);
      await recordItemChange(tx, itemId);
    });
  } finally {
    await db.close();
  }
}
