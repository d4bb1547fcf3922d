// The outbox as every tab reads it, with or without the engine: the queued changes, the signed-in
// account's own, and the header's counts; and the Web Lock every push and pull of the device
// holds. Small on purpose: a tab that follows another tab's engine (engine-lead.ts) loads this,
// not the engine.
import type { DbHandle } from '../device/db';
import { isAccountOwner, type Owner } from '../owner';
import { isQueuedMutation } from './outbox-guard';
import type { QueuedMutation } from '../core/outbox';
import { ANONYMOUS_KINDS } from '@shared/protocol';
import { setSyncStatus } from '../core/status';

/** Whose outbox a tab reads: the device store, and who is signed in in the app. */
export interface OutboxReader {
  db: DbHandle;
  /** Who is signed in on this device now (the app's session): whose changes it counts. */
  owner: () => Owner;
}

/** The Web Lock every push and pull of the device holds: a tab's engine or the service
 * worker's Background Sync, so two never push the same outbox at once. */
export const SYNC_LOCK_NAME = 'artmint-sync';

/** Runs `task` under the sync lock; where the browser has no Web Locks, on its own. */
export async function withSyncLock(
  locks: Pick<LockManager, 'request'> | null,
  task: () => Promise<void>,
): Promise<void> {
  if (!locks) return task();
  await locks.request(SYNC_LOCK_NAME, task);
}

export async function readQueue(db: DbHandle): Promise<QueuedMutation[]> {
  const all = await (await db.get()).getAll('mutations');
  return all.filter(isQueuedMutation);
}

/** The changes of the account signed in on this device (the app's session), oldest first. */
export async function readOwnQueue(ctx: OutboxReader) {
  const owner = ctx.owner();
  return (await readQueue(ctx.db)).filter((m) => m.owner === owner);
}

/** Counts the signed-in account's outbox for the header; `session` is whom the server's
 * session belongs to (null: nobody, or not known). */
export async function refreshCounts(ctx: OutboxReader, session: Owner | null): Promise<void> {
  try {
    const owner = ctx.owner();
    const queue = await readOwnQueue(ctx);
    const waiting = queue.filter((m) => m.state === 'waiting');
    const canPush = isAccountOwner(owner) && session === owner;
    setSyncStatus({
      waiting: waiting.length,
      refused: queue.filter((m) => m.state === 'refused').length,
      needsSignIn: !canPush && waiting.some((m) => !ANONYMOUS_KINDS.includes(m.kind)),
    });
  } catch {
    // The device store cannot be read now: the counts stay as they were.
  }
}
