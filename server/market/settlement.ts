// Auctions settle on the server when they end (docs/product.md "Auctions settle"), each exactly
// once, even with several server processes on one PostgreSQL: a settle runs in a
// transaction and claims its auction with FOR UPDATE SKIP LOCKED on a row that is still
// unsettled, so a second process (or a second run in this one) either skips it or, once the
// first has committed, no longer finds it. The highest bid of a living account wins (sale.ts);
// with none the auction ends unsold.
import { isDatabaseDown, type Database, type Sql } from '../db/database.ts';
import { notifyUnsold } from '../notifications/events.ts';
import { fanOutEndingSoon } from '../notifications/ending-soon.ts';
import { fanOutSearchMatches } from '../notifications/saved-search-matches.ts';
import { addActivity } from './activity.ts';
import { endOpenBids, itemChange, sellToBid, type SaleItem } from './sale.ts';

/** Claims one ended, unsettled auction for this transaction, or null when none is left. */
async function claimDue(tx: Sql): Promise<SaleItem | null> {
  const { rows } = await tx.query<{ id: number; title: string; image: string }>(
    `SELECT i.id, i.data->>'title' AS title, i.data->>'image' AS image FROM items i
     WHERE i.sale_kind = 'auctions' AND i.settled_at IS NULL AND i.ends_at <= now()
     ORDER BY i.ends_at, i.id LIMIT 1 FOR UPDATE SKIP LOCKED`,
  );
  const row = rows[0];
  return row ? { ...row, auction: true } : null;
}

async function endUnsold(tx: Sql, item: SaleItem): Promise<void> {
  await tx.query('UPDATE items SET settled_at = now() WHERE id = $1', [item.id]);
  const changes = [...(await endOpenBids(tx, item)), await itemChange(tx, item.id)];
  await addActivity(
    tx,
    {
      id: `ended-${item.id}`,
      type: 'Listing',
      at: new Date().toISOString(),
      description: `Auction ended with no bids: ${item.title} stays with its owner`,
      image: item.image,
      itemId: item.id,
      tags: ['Listing'],
    },
    changes,
  );
  await notifyUnsold(tx, item);
}

async function settleOne(tx: Sql, item: SaleItem): Promise<void> {
  const { rows } = await tx.query<{ id: string }>(
    `SELECT id FROM bids WHERE item_id = $1 AND account_id IS NOT NULL
     ORDER BY price_eth DESC, created_at, id LIMIT 1`,
    [item.id],
  );
  const best = rows[0];
  if (best && (await sellToBid(tx, item, best.id))) return;
  await endUnsold(tx, item);
}

/** Settles every auction whose end has passed; returns the ids this call settled. */
export async function settleDue(db: Database): Promise<number[]> {
  const settled: number[] = [];
  for (;;) {
    const id = await db.transaction(async (tx) => {
      const item = await claimDue(tx);
      if (item) await settleOne(tx, item);
      return item?.id ?? null;
    });
    if (id === null) return settled;
    settled.push(id);
  }
}

/** Milliseconds until the next unsettled auction ends (0 when one is due), or null: none. */
export async function msToNextEnd(db: Sql): Promise<number | null> {
  const { rows } = await db.query<{ ms: number | string | null }>(
    `SELECT (extract(epoch FROM min(ends_at) - now()) * 1000)::float8 AS ms FROM items
     WHERE sale_kind = 'auctions' AND settled_at IS NULL`,
  );
  const ms = rows[0]?.ms;
  return ms === null || ms === undefined ? null : Math.max(0, Number(ms));
}

export interface SettlerOptions {
  log: (line: string) => void;
  /** The longest sleep: an auction another process extended or added is seen by then. */
  maxSleepMs?: number;
  /** The shortest: an auction due but held by another process is looked at again after it. */
  minSleepMs?: number;
}

export interface Settler {
  /** Stops the timer and waits for a settle under way. */
  stop(): Promise<void>;
}

/**
 * Wakes at the next auction's end (at most maxSleepMs later), settles what is due, tells the
 * watchers of auctions in their last hour (server/notifications/ending-soon.ts) and the rest of
 * a new item's searchers (server/notifications/saved-search-matches.ts), and sleeps again until
 * the next end. Each wake asks the database, so ends moved by late bids are followed.
 */
export function startSettler(db: Database, options: SettlerOptions): Settler {
  const { log, maxSleepMs = 30_000, minSleepMs = 250 } = options;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(wake, Math.min(maxSleepMs, Math.max(minSleepMs, ms)));
  };
  const cycle = async () => {
    let next = maxSleepMs;
    try {
      const settled = await settleDue(db);
      if (settled.length > 0) log(`settled ${settled.length} ended auction(s)`);
      await fanOutEndingSoon(db);
      await fanOutSearchMatches(db);
      next = (await msToNextEnd(db)) ?? maxSleepMs;
    } catch (error) {
      // A database restarting is the API's 503 too: the same one line, and the next cycle retries.
      const line = isDatabaseDown(error)
        ? 'settlement: database unavailable'
        : `settlement failed, retrying: ${String((error as Error)?.message ?? error).split('\n')[0]}`;
      if (!stopped) log(line);
    }
    schedule(next);
  };
  function wake() {
    timer = undefined;
    running = cycle();
  }
  wake();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
