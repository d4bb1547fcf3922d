// The signed-in account's favourites as the server has them (GET /api/me: own-favourites.ts),
// landed in the device store.
import { isObject } from '../schemas';
import { type DbHandle, runWrite } from '../device/db';
import type { Owner } from '../owner';
import { likeActivityId } from '../device/activity';

/**
 * The favourites of `owner` as the server has them (newest first): one made on another device is
 * added, one taken off there is removed (with its activity entry); an item with a waiting
 * favourite change of this device keeps the device's word, which the push carries. The added ones
 * are stamped `at`, a millisecond apart in the server's order. Returns whether anything changed.
 */
export function applyFavourites(
  handle: DbHandle,
  owner: Owner,
  itemIds: readonly number[],
  at: string,
): Promise<boolean> {
  return runWrite(handle, async (db) => {
    const tx = db.transaction(['favourites', 'activity', 'mutations'], 'readwrite');
    const done = tx.done;
    const waiting = new Set<string>();
    for (const m of await tx.objectStore('mutations').index('owner').getAll(owner)) {
      if (isObject(m) && m.state === 'waiting' && typeof m.key === 'string') waiting.add(m.key);
    }
    const settled = (itemId: number) => !waiting.has(`favourite:${itemId}`);
    const favourites = tx.objectStore('favourites');
    const held = new Set((await favourites.index('owner').getAll(owner)).map((f) => f.itemId));
    const onServer = new Set(itemIds);
    const base = Date.parse(at) || 0;
    let changed = false;
    for (const [index, itemId] of itemIds.entries()) {
      if (held.has(itemId) || !settled(itemId)) continue;
      await favourites.put({ itemId, at: new Date(base - index).toISOString(), owner });
      changed = true;
    }
    for (const itemId of held) {
      if (onServer.has(itemId) || !settled(itemId)) continue;
      await favourites.delete([owner, itemId]);
      await tx.objectStore('activity').delete([owner, likeActivityId(itemId)]);
      changed = true;
    }
    await done;
    return changed;
  });
}
