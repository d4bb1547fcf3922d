// The end of a snapshot (docs/sync.md "Snapshot"): what its pages no longer had goes, and the
// device then follows the change log from the snapshot's base.
import { rememberBootCursor } from './boot-asks';
import { isObject } from '../schemas';
import { type DbHandle, runWrite } from '../device/db';
import { CURSOR_KEY } from '../device/schema';
import { ACCOUNT_CURSOR_PREFIX } from '../device/meta';
import { PUBLIC } from '../owner';
import { HEAL_BELOW_KEY } from './heal';
import { NotKept } from './not-kept';
import { openTx, seqOf } from './store-tx';
import { syncSpan } from './timing';
import { protectedCreators, protectedItems } from './working-set';

/** syncMeta: the identity of the log the device follows (docs/sync.md "Compaction"). */
export const LOG_ID_KEY = 'logId';

/** Whether `logId`, heard from the server, names another log than the one the device followed
 * (none heard, or none kept yet: the same; a device from before log identities keeps the first
 * it hears). */
export async function followsOtherLog(handle: DbHandle, logId: string | undefined) {
  if (!logId) return false;
  const kept: unknown = await (await handle.get()).get('syncMeta', LOG_ID_KEY);
  if (typeof kept === 'string') return kept !== logId;
  const cursor: unknown = await (await handle.get()).get('syncMeta', CURSOR_KEY);
  if (typeof cursor === 'number')
    await runWrite(handle, (db) => db.put('syncMeta', logId, LOG_ID_KEY));
  return false;
}

/**
 * Before a snapshot current at `base`, of the log `logId`, lands: on a device whose cursor is
 * ahead of it, the device followed a log the server no longer has (its database was restored
 * from an older backup), so a public record stamped after `base` counts as older than the
 * snapshot; on a device that followed another log (`logId` another than its own), every stamp
 * is of that log and counts so. The snapshot's copy replaces such a record, and one the snapshot
 * does not carry goes at its end unless the collector keeps it, which is then brought current
 * (heal.ts; docs/sync.md "Compaction"). The account cursors are forgotten too: the account's own
 * log went back with the same database. Returns how many stamps were forgotten.
 */
export function forgetLaterStamps(handle: DbHandle, base: number, logId?: string): Promise<number> {
  return runWrite(handle, async (db) => {
    const tx = openTx(db);
    const done = tx.done;
    const meta = tx.objectStore('syncMeta');
    const [cursor, kept]: unknown[] = await Promise.all([
      meta.get(CURSOR_KEY),
      meta.get(LOG_ID_KEY),
    ]);
    const otherLog = typeof kept === 'string' && logId !== undefined && kept !== logId;
    const after = otherLog ? 0 : base;
    if (!otherLog && (typeof cursor !== 'number' || cursor <= base)) {
      await done;
      return 0;
    }
    // The account's log went back with the database too, and may have grown past the account
    // cursor again: the account's records are read as a whole at the next account pull.
    for (const key of await meta.getAllKeys()) {
      if (typeof key === 'string' && key.startsWith(ACCOUNT_CURSOR_PREFIX)) await meta.delete(key);
    }
    let forgotten = 0;
    const later = (record: unknown) => {
      if (seqOf(record) <= after) return false;
      forgotten += 1;
      return true;
    };
    const items = tx.objectStore('remoteItems');
    for (const item of await items.getAll()) if (later(item)) await items.put({ ...item, seq: 0 });
    const creators = tx.objectStore('remoteCreators');
    for (const creator of await creators.getAll()) {
      if (later(creator)) await creators.put({ ...creator, seq: 0 });
    }
    const bids = tx.objectStore('bids');
    for (const bid of await bids.index('owner').getAll(PUBLIC)) {
      if (later(bid)) await bids.put({ ...bid, seq: 0 });
    }
    const activity = tx.objectStore('activity');
    for (const entry of await activity.index('owner').getAll(PUBLIC)) {
      if (later(entry)) await activity.put({ ...entry, seq: 0 });
    }
    await done;
    return forgotten;
  });
}

/**
 * Ends a snapshot whose first page was current at `base`, in one transaction: public records
 * older than `base` were not in it, so the server no longer has them, and they go, unless a
 * waiting change of this device is about them (the collector's own records are in stores of
 * their own and are never touched); the device then follows the log from `base`.
 */
export function finishSnapshot(handle: DbHandle, base: number, logId?: string): Promise<number> {
  return syncSpan('finish-snapshot', () => removeStale(handle, base, logId));
}

/** Removes what the snapshot no longer had; returns how many records went. */
function removeStale(handle: DbHandle, base: number, logId?: string): Promise<number> {
  return runWrite(handle, async (db) => {
    let removed = 0;
    const tx = openTx(db);
    const done = tx.done;
    const waiting = new Set<string>();
    for (const m of await tx.objectStore('mutations').getAll()) {
      if (isObject(m) && m.state === 'waiting' && typeof m.key === 'string') waiting.add(m.key);
    }
    const stale = (record: unknown) => seqOf(record) < base;
    const items = tx.objectStore('remoteItems');
    // The collector's own (favourites, bids, purchases, waiting changes) stay, as their stores do.
    const kept = await protectedItems(tx);
    for (const item of await items.getAll()) {
      if (stale(item) && !kept.has(item.id)) {
        await items.delete(item.id);
        removed += 1;
      }
    }
    const creators = tx.objectStore('remoteCreators');
    // Those a collector here follows and the accounts' own stay too (the snapshot carries the
    // creators the home page shows, not every creator).
    const keptCreators = await protectedCreators(tx);
    for (const creator of await creators.getAll()) {
      if (stale(creator) && !waiting.has(`follow:${creator.id}`) && !keptCreators.has(creator.id)) {
        await creators.delete(creator.id);
        removed += 1;
      }
    }
    const bids = tx.objectStore('bids');
    for (const bid of await bids.index('owner').getAll(PUBLIC)) {
      if (stale(bid) && bid.by === undefined) {
        await bids.delete(bid.id);
        removed += 1;
      }
    }
    const activity = tx.objectStore('activity');
    for (const entry of await activity.index('owner').getAll(PUBLIC)) {
      if (stale(entry)) {
        await activity.delete([PUBLIC, entry.id]);
        removed += 1;
      }
    }
    await tx.objectStore('syncMeta').put(base, CURSOR_KEY);
    // What stays stamped below `base` (the collector's) is brought current next (heal.ts).
    await tx.objectStore('syncMeta').put(base, HEAL_BELOW_KEY);
    // The log it follows from now on.
    if (logId !== undefined) await tx.objectStore('syncMeta').put(logId, LOG_ID_KEY);
    // What went was not remembered one by one: an answer older than the snapshot lands only
    // what the device still holds (not-kept.ts).
    const notKept = new NotKept(tx);
    await notKept.startAt(base, true);
    await notKept.save();
    await done;
    rememberBootCursor(base);
    return removed;
  });
}
