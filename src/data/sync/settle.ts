// A push's answer lands: each applied change is marked synced (a profile save with the section
// as the server merged it, settle-profile.ts); a refused one is kept, with its reason (in the
// words of the check that refused it when the server sent none), for the sync panel, and undone
// on the device by the undo beside its write.
import { isObject } from '../schemas';
import { undoBid, undoCheckout } from '../device/bids';
import { undoUpload } from '../device/items';
import { undoWatch } from '../device/saved-searches';
import { undoFavourite, undoFollow } from '../device/social';
import type { PushResult } from '@shared/protocol';
import { refusalFallback } from '@shared/refusal-words';
import { SYNCED_KEEP, type QueuedMutation } from '../core/outbox';
import type { Tx } from './store-tx';
import { rebaseAbsorbed, settleProfile } from './settle-profile';

/** Undoes a refused write on the device, among the records of the account that made it;
 * a later waiting write of the same record wins. */
async function rollBack(tx: Tx, m: QueuedMutation, laterWaiting: boolean, at: string) {
  switch (m.kind) {
    case 'bid':
      return undoBid(tx, m.owner, m.id);
    case 'checkout':
      return undoCheckout(tx, m.owner, m.id);
    case 'favourite':
      return laterWaiting ? undefined : undoFavourite(tx, m.owner, m.args, at);
    case 'follow':
      return laterWaiting ? undefined : undoFollow(tx, m.owner, m.args, at);
    case 'watch-search':
      return laterWaiting ? undefined : undoWatch(tx, m.owner, m.args, at);
    case 'item':
      return undoUpload(tx, m.key);
    default:
      // Profile, creator profile, messages and the owner's answers to offers: what was typed
      // stays on the device; an answer shows only while it waits (device/items.ts).
      return undefined;
  }
}

/** Marks the mutations the push answered (`at`: when), undoing the refused ones, and keeps the
 * newest SYNCED_KEEP synced ones for the panel. */
export async function settle(tx: Tx, results: readonly PushResult[], at: string) {
  const store = tx.objectStore('mutations');
  const all = (await store.getAll()).filter((m): m is QueuedMutation => isObject(m));
  const byId = new Map(all.map((m) => [m.id, m]));
  for (const result of results) {
    const m = byId.get(result.id);
    if (!m && result.status === 'applied') await rebaseAbsorbed(tx, result, all);
    if (!m || m.state !== 'waiting') continue;
    if (result.status === 'applied') {
      const synced: QueuedMutation = { ...m, state: 'synced', doneAt: at };
      await store.put(
        synced.kind === 'profile' ? await settleProfile(tx, synced, result, all) : synced,
      );
      continue;
    }
    const error = result.error || refusalFallback(m.kind, result.code);
    await store.put({ ...m, state: 'refused', doneAt: at, code: result.code, error });
    const laterWaiting = all.some((o) => o.key === m.key && o.id > m.id && o.state === 'waiting');
    await rollBack(tx, m, laterWaiting, at);
  }
  // Keep the newest synced changes only.
  const synced = (await store.getAll()).filter((m) => m.state === 'synced');
  const extra = synced.length - SYNCED_KEEP;
  for (const m of synced.slice(0, Math.max(0, extra))) await store.delete(m.id);
}
