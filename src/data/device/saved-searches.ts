// The searches the account watches (docs/product.md "Saved searches"): watching and stopping
// land in the device store at once, with their outbox mutation ('watch-search') in the same
// transaction, as a favourite does; the server applies it when the device is online. A search is
// named by its words and filters (shared/watch.ts watchKey), so one watched offline is stopped
// offline without the server's id. A refusal undoes it (sync/settle.ts); the account's other
// devices' saves arrive through the account channel (sync/account-land.ts).
import { ValidationError } from '../errors';
import type { Owner } from '../owner';
import type { SavedSearchRecord } from '../records';
import { searchWords } from '../saved-search-words';
import { isSavedSearchRecord } from '../schemas';
import {
  NOTHING_TO_WATCH,
  SAVED_SEARCHES_MAX,
  WATCH_CAP_WORDS,
  watchedSearch,
  watchesSomething,
  watchKey,
  type WatchedSearch,
} from '@shared/watch';
import { nowIso } from './clock';
import type { DeviceContext } from './context';
import { runWrite } from './db';
import { afterQueued, queueIn } from './queue';
import { readOwned } from './readers';
import type { WriteTx } from './write-tx';

/** The account's watched searches, newest first. */
export async function listSavedSearches(ctx: DeviceContext): Promise<SavedSearchRecord[]> {
  const records = await readOwned(ctx.db, 'savedSearches', ctx.owner(), isSavedSearchRecord);
  return records
    .map(({ key, at, ...search }) => ({ ...watchedSearch(search), key, at }))
    .sort((a, b) => Date.parse(b.at) - Date.parse(a.at) || (a.key < b.key ? -1 : 1));
}

/**
 * Watches the search (`on`) or stops watching it, on the device at once and queued for the
 * server. Watching one already watched, or stopping one not watched, changes nothing. Throws
 * ValidationError for a search of nothing, and past SAVED_SEARCHES_MAX (the server's words).
 */
export async function setSearchWatched(
  ctx: DeviceContext,
  input: WatchedSearch,
  on: boolean,
): Promise<void> {
  const search = watchedSearch(input);
  if (!watchesSomething(search))
    throw new ValidationError({ q: NOTHING_TO_WATCH }, NOTHING_TO_WATCH);
  const key = watchKey(search);
  const owner = ctx.owner();
  const changed = await runWrite(ctx.db, async (db) => {
    const tx = db.transaction(['savedSearches', 'mutations'], 'readwrite');
    const store = tx.objectStore('savedSearches');
    const held = await store.get([owner, key]);
    if ((held !== undefined) === on) return false;
    // Stopped, it is named as it was watched: a refusal brings it back as it was.
    const named = held && !on ? watchedSearch(held) : search;
    if (on && (await store.index('owner').count(owner)) >= SAVED_SEARCHES_MAX) {
      throw new ValidationError({ q: WATCH_CAP_WORDS }, WATCH_CAP_WORDS);
    }
    const write = on
      ? store.put({ ...search, key, at: nowIso(ctx), owner })
      : store.delete([owner, key]);
    const queued = queueIn(ctx, tx, owner, {
      kind: 'watch-search',
      args: { ...named, on },
      key: `watch-search:${key}`,
      label: `${on ? 'Watch' : 'Stop watching'} ${searchWords(named)}`,
    });
    await Promise.all([write, queued, tx.done]);
    return true;
  });
  if (changed) afterQueued(undefined);
}

/** Undoes a watch change the server refused: the search goes, or comes back stamped `at`. */
export async function undoWatch(
  tx: WriteTx,
  owner: Owner,
  args: WatchedSearch & { on: boolean },
  at: string,
): Promise<void> {
  const search = watchedSearch(args);
  const key = watchKey(search);
  const store = tx.objectStore('savedSearches');
  if (args.on) await store.delete([owner, key]);
  else await store.put({ ...search, key, at, owner });
}
