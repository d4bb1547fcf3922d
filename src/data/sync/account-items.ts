// The items the signed-in account's own records name (its favourites, bids and purchases, made
// on any of its devices) that the device does not hold: an id of the server's range outside the
// working set. They are fetched the way an opened item is (GET /api/snapshot?page=focus:item:<id>),
// a few at a time, and kept like any item seen (docs/sync.md "The account's own records on every
// device"); until then the profile names the favourites not saved (device/social.ts).
import { readOwned } from '../device/readers';
import { missingFavouriteIds } from '../device/social';
import { type Owner } from '../owner';
import { isPurchase } from '../schemas';
import { applyServerWord } from './apply';
import { snapshot, type Failure } from './http';
import type { CycleContext } from './cycle';
import { bump } from './cycle';
import { FIRST_SERVER_ITEM_ID, type Change } from '@shared/protocol';

/** Items not held fetched in one go, at most (the next ask goes on). */
export const MISSING_ITEMS_PER_ASK = 12;
/** Items asked for at once. */
const AT_ONCE = 3;

export type MissingItemsResult = { kind: 'ok'; fetched: number } | Failure;

/** The items `owner`'s favourites (newest first), bids and purchases name that the device does
 * not hold. [] when the device store cannot say. */
export async function missingAccountItems(ctx: CycleContext, owner: Owner): Promise<number[]> {
  const ids = new Set(await missingFavouriteIds(ctx.db, owner));
  try {
    const db = await ctx.db.get();
    const bids = db.transaction('bids').store;
    const [mine, replaced] = await Promise.all([
      bids.index('owner').getAll(owner),
      bids.index('by').getAll(owner),
    ]);
    const purchases = await readOwned(ctx.db, 'purchases', owner, isPurchase);
    const named = [...mine, ...replaced, ...purchases].map((record) => record.itemId);
    const items = db.transaction('remoteItems').store;
    for (const id of new Set(named)) {
      if (id >= FIRST_SERVER_ITEM_ID && (await items.count(id)) === 0) ids.add(id);
    }
  } catch {
    // The device store cannot say now: the favourites alone, or nothing.
  }
  return [...ids];
}

/** Fetches up to MISSING_ITEMS_PER_ASK items `owner`'s records name that the device does not
 * hold. An item the server no longer has stays out. */
export async function fetchMissingItems(
  ctx: CycleContext,
  owner: Owner,
): Promise<MissingItemsResult> {
  const missing = (await missingAccountItems(ctx, owner)).slice(0, MISSING_ITEMS_PER_ASK);
  let fetched = 0;
  for (let start = 0; start < missing.length; start += AT_ONCE) {
    const pages = await Promise.all(
      missing.slice(start, start + AT_ONCE).map((id) => snapshot(ctx.fetch, `focus:item:${id}`)),
    );
    const changes: Change[] = [];
    let readAt = Infinity;
    for (const page of pages) {
      // An item the server no longer has answers no records: it stays not saved.
      if (page.kind === 'ok' && page.value.records.length > 0) {
        changes.push(...page.value.records);
        readAt = Math.min(readAt, page.value.cursor);
        fetched += 1;
      }
    }
    if (changes.length > 0) {
      // Answers, as an opened item's: one the log overtook waits for the next ask (apply.ts).
      await applyServerWord(ctx.db, { changes, readAt, at: ctx.now().toISOString() });
      bump();
    }
    const failed = pages.find((page) => page.kind === 'offline');
    if (failed?.kind === 'offline') return failed;
  }
  return { kind: 'ok', fetched };
}
