// What the device keeps of the public history (docs/sync.md "Snapshot"), trimmed as changes land.
import { isObject } from '../schemas';
import { PUBLIC } from '../owner';
import { KEPT_ACTIVITY, KEPT_BIDS_PER_ITEM, type Change } from '@shared/protocol';
import type { Tx } from './store-tx';

/** Public activity kept past KEPT_ACTIVITY before a trim. */
const ACTIVITY_TRIM_MARGIN = 50;

const byNewest = (a: { at: string; id: string }, b: { at: string; id: string }) =>
  Date.parse(b.at) - Date.parse(a.at) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * The newest KEPT_BIDS_PER_ITEM bids of each item the changes touched, beside this device's own,
 * and the newest KEPT_ACTIVITY public activity entries (trimmed once they pass it by a margin, so
 * a batch does not read them all).
 */
export async function trim(tx: Tx, changes: readonly Change[]) {
  const items = new Set<number>();
  let activity = false;
  for (const change of changes) {
    if (change.topic === 'activity') activity = true;
    if (change.topic === 'bid' && isObject(change.data) && typeof change.data.itemId === 'number') {
      items.add(change.data.itemId);
    }
  }
  const bids = tx.objectStore('bids');
  for (const itemId of items) {
    const shared = (await bids.index('itemId').getAll(itemId)).filter(
      (bid) => bid.owner === PUBLIC && bid.by === undefined,
    );
    if (shared.length <= KEPT_BIDS_PER_ITEM) continue;
    for (const bid of shared.sort(byNewest).slice(KEPT_BIDS_PER_ITEM)) await bids.delete(bid.id);
  }
  if (!activity) return;
  const entries = tx.objectStore('activity');
  const count = await entries.index('owner').count(PUBLIC);
  if (count <= KEPT_ACTIVITY + ACTIVITY_TRIM_MARGIN) return;
  const shared = await entries.index('owner').getAll(PUBLIC);
  for (const entry of shared.sort(byNewest).slice(KEPT_ACTIVITY)) {
    await entries.delete([PUBLIC, entry.id]);
  }
}
