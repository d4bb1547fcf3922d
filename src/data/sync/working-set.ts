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
// - A new item from the log that nobody here listed or opened is UNSEEN, and at most ARRIVED_ITEMS
//   of those are kept (the oldest go first), so everybody's uploads never push out what the
//   collector saw.
// - Creators likewise: past WORKING_SET_CREATORS the least recently seen go, never one followed
//   here, a signed-in account's own, the creator of a protected item or one a waiting change is
//   about.
import {
  ARRIVED_ITEMS,
  FIRST_ACCOUNT_ID,
  FIRST_SERVER_ITEM_ID,
  WORKING_SET_CREATORS,
  WORKING_SET_ITEMS,
} from '@shared/protocol';
import { isObject } from '../schemas';
import { PUBLIC } from '../owner';
import type { Tx } from './store-tx';

/** Items kept past the cap before a trim, so a trim does not run for every item landing. */
const TRIM_MARGIN = 100;
/** Creators kept past their cap before a trim. */
const CREATOR_TRIM_MARGIN = 50;

/** The `seenAt` of an item or creator that arrived from the log, never listed or opened. */
export const UNSEEN = -1;

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
 * Trims the unseen items back to ARRIVED_ITEMS and the working set back to WORKING_SET_ITEMS, each
 * once it passes its cap by TRIM_MARGIN: the least recently seen unprotected items go (the unseen
 * first), with their public bids. Returns how many items went.
 */
export async function trimWorkingSet(tx: Tx): Promise<number> {
  const items = tx.objectStore('remoteItems');
  const seen = items.index('seenAt');
  const unseen = await seen.count(UNSEEN);
  const count = await items.count();
  const arrivedOver = unseen > ARRIVED_ITEMS;
  if (!arrivedOver && count <= WORKING_SET_ITEMS + TRIM_MARGIN) return 0;
  const kept = await protectedItems(tx);
  // The unseen first, the oldest first (same key: by id), down to their quota.
  let removed = arrivedOver
    ? await trimItems(tx, kept, unseen - ARRIVED_ITEMS, IDBKeyRange.only(UNSEEN))
    : 0;
  const excess = count - removed - WORKING_SET_ITEMS;
  if (excess > TRIM_MARGIN) removed += await trimItems(tx, kept, excess, null);
  return removed;
}

/** Removes up to `excess` unprotected server items in `range` of the `seenAt` index, in order. */
async function trimItems(
  tx: Tx,
  kept: ReadonlySet<number>,
  excess: number,
  range: IDBKeyRange | null,
): Promise<number> {
  const bids = tx.objectStore('bids');
  let removed = 0;
  let cursor = await tx.objectStore('remoteItems').index('seenAt').openCursor(range);
  while (cursor && removed < excess) {
    const id = cursor.primaryKey;
    if (id >= FIRST_SERVER_ITEM_ID && !kept.has(id)) {
      for (const bid of await bids.index('itemId').getAll(id)) {
        if (bid.owner === PUBLIC && bid.by === undefined) await bids.delete(bid.id);
      }
      await cursor.delete();
      removed += 1;
    }
    cursor = await cursor.continue();
  }
  return removed;
}

/**
 * Trims the creators back to WORKING_SET_CREATORS once they pass it by CREATOR_TRIM_MARGIN: the
 * least recently seen unprotected go. Returns how many went.
 */
export async function trimCreators(tx: Tx): Promise<number> {
  const creators = tx.objectStore('remoteCreators');
  const count = await creators.count();
  if (count <= WORKING_SET_CREATORS + CREATOR_TRIM_MARGIN) return 0;
  const kept = await protectedCreators(tx);
  const items = tx.objectStore('remoteItems');
  for (const itemId of await protectedItems(tx)) {
    const item = await items.get(itemId);
    if (item) kept.add(item.creatorId);
  }
  for (const m of await tx.objectStore('mutations').getAll()) {
    if (!isObject(m) || m.state !== 'waiting' || typeof m.key !== 'string') continue;
    const match = /^follow:(\d+)$/.exec(m.key);
    if (match) kept.add(Number(match[1]));
  }
  const candidates = (await creators.getAll())
    .filter((creator) => creator.id >= FIRST_ACCOUNT_ID && !kept.has(creator.id))
    .sort((a, b) => (a.seenAt ?? 0) - (b.seenAt ?? 0) || a.id - b.id);
  const gone = candidates.slice(0, count - WORKING_SET_CREATORS);
  for (const creator of gone) await creators.delete(creator.id);
  return gone.length;
}
