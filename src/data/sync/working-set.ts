// The device's working set of the server's items (docs/sync.md "Working set"): what its collector
// listed or opened recently, the home page's items, their own, their favourites and the items
// they bid on or bought, WORKING_SET_ITEMS at most. The lists ask the server for the rest
// (docs/database.md "Lists and search"), so the device never holds the whole catalogue.
//
// - A change-log entry for an item the device does not hold is not stored, unless the item is
//   new: made after every item the device holds (the item_ids sequence only grows), so it heads
//   the newest items the home page lists. A bid from the log is stored only for an item held.
//   The same goes for a creator (the creators list asks the server, docs/database.md "Lists and
//   search"), kept also when a collector here follows it or it is a signed-in account's own.
// - Past the cap, the least recently seen items go first (the `seenAt` index), with their public
//   bids; a sample item, a favourite, an item the collector bid on or bought and one a waiting
//   change is about are never trimmed.
import { FIRST_ACCOUNT_ID, FIRST_SERVER_ITEM_ID, WORKING_SET_ITEMS } from '@shared/protocol';
import { isObject } from '../schemas';
import { PUBLIC } from '../owner';
import type { Tx } from './store-tx';

/** Items kept past the cap before a trim, so a trim does not run for every item landing. */
const TRIM_MARGIN = 100;

/** Which items the device holds, asked within one transaction. */
export class WorkingSet {
  private newest: number | null = null;

  constructor(private readonly tx: Tx) {}

  /** Whether the device holds the item (a sample item always: it ships with the app). */
  async holds(itemId: number): Promise<boolean> {
    if (itemId < FIRST_SERVER_ITEM_ID) return true;
    return (await this.tx.objectStore('remoteItems').count(itemId)) > 0;
  }

  /** Whether the item was made after every item the device holds. */
  async isNew(itemId: number): Promise<boolean> {
    if (itemId < FIRST_SERVER_ITEM_ID) return true;
    if (this.newest === null) {
      const last = await this.tx.objectStore('remoteItems').openKeyCursor(null, 'prev');
      this.newest = typeof last?.key === 'number' ? last.key : 0;
    }
    return itemId > this.newest;
  }

  /** An item was stored in this transaction. */
  stored(itemId: number): void {
    if (this.newest !== null) this.newest = Math.max(this.newest, itemId);
  }

  private creatorsKept: { newest: number; ids: Set<number> } | null = null;

  /**
   * Whether a change-log entry for a creator the device does not hold is kept: a sample
   * creator, one made after every creator the device holds (account ids only grow, so it heads
   * the creators list), one a collector here follows, or a signed-in account's own.
   */
  async keepsCreator(creatorId: number): Promise<boolean> {
    if (creatorId < FIRST_ACCOUNT_ID) return true;
    if (this.creatorsKept === null) {
      const [last, ids] = await Promise.all([
        this.tx.objectStore('remoteCreators').openKeyCursor(null, 'prev'),
        protectedCreators(this.tx),
      ]);
      this.creatorsKept = { newest: typeof last?.key === 'number' ? last.key : 0, ids };
    }
    return creatorId > this.creatorsKept.newest || this.creatorsKept.ids.has(creatorId);
  }

  /** A creator was stored in this transaction. */
  storedCreator(creatorId: number): void {
    if (this.creatorsKept !== null) {
      this.creatorsKept.newest = Math.max(this.creatorsKept.newest, creatorId);
    }
  }
}

/**
 * The items never trimmed: sample ones aside, those the collector's own records are about. It
 * reads only those records (the public bids, up to KEPT_BIDS_PER_ITEM an item, are not read), so
 * a trim or a snapshot's end costs what the collector did, not the history the device holds.
 */
export async function protectedItems(tx: Tx): Promise<Set<number>> {
  const ids = new Set<number>();
  for (const m of await tx.objectStore('mutations').getAll()) {
    if (!isObject(m) || m.state !== 'waiting' || typeof m.key !== 'string') continue;
    const match = /^(?:item|favourite):(\d+)$/.exec(m.key);
    if (match) ids.add(Number(match[1]));
    const args: unknown = m.args;
    if (isObject(args) && typeof args.itemId === 'number') ids.add(args.itemId);
  }
  for (const favourite of await tx.objectStore('favourites').getAll()) ids.add(favourite.itemId);
  for (const purchase of await tx.objectStore('purchases').getAll()) ids.add(purchase.itemId);
  for (const bid of await ownBids(tx)) ids.add(bid.itemId);
  return ids;
}

/** The creators a collector here follows and the signed-in accounts' own: kept always. */
export async function protectedCreators(tx: Tx): Promise<Set<number>> {
  const [follows, accounts] = await Promise.all([
    tx.objectStore('follows').getAll(),
    tx.objectStore('account').getAll(),
  ]);
  const ids = new Set<number>(follows.map((follow) => follow.creatorId));
  for (const account of accounts) {
    if (isObject(account) && typeof account.serverId === 'number') ids.add(account.serverId);
  }
  return ids;
}

/**
 * The bids of the device's collectors, not the public history (up to KEPT_BIDS_PER_ITEM for
 * every item held): those still under an account (every owner but PUBLIC, by the "owner" index)
 * and the server's copies of bids made here (marked `by`, the "by" index of store version 5).
 */
async function ownBids(tx: Tx): Promise<{ itemId: number }[]> {
  const bids = tx.objectStore('bids');
  const byOwner = bids.index('owner');
  const [below, above, replaced] = await Promise.all([
    byOwner.getAll(IDBKeyRange.upperBound(PUBLIC, true)),
    byOwner.getAll(IDBKeyRange.lowerBound(PUBLIC, true)),
    bids.index('by').getAll(),
  ]);
  return [...below, ...above, ...replaced];
}

/**
 * Trims the working set back to WORKING_SET_ITEMS once it passes it by TRIM_MARGIN: the least
 * recently seen unprotected items go, with their public bids. Returns how many items went.
 */
export async function trimWorkingSet(tx: Tx): Promise<number> {
  const items = tx.objectStore('remoteItems');
  const count = await items.count();
  if (count <= WORKING_SET_ITEMS + TRIM_MARGIN) return 0;
  const kept = await protectedItems(tx);
  const bids = tx.objectStore('bids');
  let excess = count - WORKING_SET_ITEMS;
  let removed = 0;
  let cursor = await items.index('seenAt').openCursor();
  while (cursor && excess > 0) {
    const id = cursor.primaryKey;
    if (id >= FIRST_SERVER_ITEM_ID && !kept.has(id)) {
      for (const bid of await bids.index('itemId').getAll(id)) {
        if (bid.owner === PUBLIC && bid.by === undefined) await bids.delete(bid.id);
      }
      await cursor.delete();
      excess -= 1;
      removed += 1;
    }
    cursor = await cursor.continue();
  }
  return removed;
}
