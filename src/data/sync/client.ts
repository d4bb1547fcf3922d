// The app's handle on sync, loaded with import() right after the first paint: joins the browser's
// one engine once (engine-lead.ts), asks once for persistent storage, and reads the outbox for
// the sync panel.
import { createDbHandle } from '../device/db';
import { forgetAccountCursor } from '../device/meta';
import { currentOwner, type Owner } from '../owner';
import { readOwnQueue, refreshCounts, SYNC_LOCK_NAME } from './own-outbox';
import { bootedFetch } from './boot-asks';
import type { SyncEngine } from './engine';
import type { LeadEngine, SharedVisibility } from './engine-host';
import { spawnEngineWorker } from './engine-worker-start';
import { joinEngine, type EngineLink } from './engine-lead';
import { followLiveChannel } from './live-channel';
import type { QueuedMutation } from '../core/outbox';
import { useSessionStore } from '../session-store';

let link: EngineLink | null = null;
const db = createDbHandle();

const PERSIST_KEY = 'persistAsked';

/** Asks the browser once to keep this site's data (not evicted under storage pressure). */
async function askPersistOnce(): Promise<void> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (typeof storage?.persist !== 'function') return;
  try {
    const conn = await db.get();
    if ((await conn.get('syncMeta', PERSIST_KEY)) !== undefined) return;
    await conn.put('syncMeta', new Date().toISOString(), PERSIST_KEY);
    if (!(await storage.persisted())) await storage.persist();
  } catch {
    // Not granted or not possible: the data stays, as best effort.
  }
}

/** The engine on this tab's thread, where no worker runs it: loaded when it is needed. */
function engineHere(visibility: SharedVisibility): LeadEngine {
  let engine: SyncEngine | null = null;
  let stopped = false;
  // A kick before it loaded is not lost: the engine starts with a cycle.
  void import('./engine').then(
    ({ startSyncEngine }) => {
      if (stopped) return;
      // What the first open asked for at boot (boot.ts) answers the engine's same requests.
      const fetcher = bootedFetch((input, init) => fetch(input, init));
      engine = startSyncEngine({ db, fetch: fetcher, live: { doc: visibility } });
    },
    () => console.warn('Artmint: the sync engine could not load; it starts on the next open.'),
  );
  return {
    kick: () => engine?.kick(),
    stop() {
      stopped = true;
      engine?.stop();
    },
    session: () => engine?.session() ?? null,
  };
}

/** Joins the browser's one sync engine (engine-lead.ts): runs it in a worker, or on this tab's
 * thread where no worker runs, or follows the tab that does. */
export function startSync(): Pick<EngineLink, 'kick'> {
  if (!link) {
    link = joinEngine({
      start: engineHere,
      spawn: spawnEngineWorker,
      // Before the engine asked the server, as the engine does: the session is the app's.
      counts: (session) => refreshCounts({ db, owner: currentOwner }, session ?? currentOwner()),
      // The engine's status already says when its stream changed the store; this tab hears the
      // stream for the server's clock and the announcements.
      followLive: () => followLiveChannel(() => undefined),
    });
    // Someone signed in (or out) in this tab: the account's own records, and its live stream,
    // come with a cycle now, not at the next write, focus or reload.
    useSessionStore.subscribe((state, before) => {
      if (state.user?.id !== before.user?.id) link?.kick();
    });
    void askPersistOnce();
  }
  return link;
}

/** The signed-in account's changes, newest first: waiting, synced (the latest) and refused. */
export async function listSyncChanges(): Promise<QueuedMutation[]> {
  try {
    return (await readOwnQueue({ db, owner: currentOwner })).reverse();
  } catch {
    return [];
  }
}

/** Forgets a refused change once the user has read it. */
export async function dismissChange(id: string): Promise<void> {
  const conn = await db.get();
  const found = await conn.get('mutations', id);
  if (found?.state === 'refused' && found.owner === currentOwner()) {
    await conn.delete('mutations', id);
  }
}

/** How long signing out waits for a sync cycle in flight before it goes on regardless. */
export const LEAVE_WAIT_MS = 3_000;

/** Signing out: the device stops following `owner`'s own log; the account's records stay,
 * locked under it, and its next sign-in reads them as a whole again (docs/sync.md "The
 * account's own records on every device"). The live stream stops carrying them. `end` (the
 * server session's end) runs under the sync lock, once a cycle in flight is done (at most
 * LEAVE_WAIT_MS), so that no pull of the account's records overlaps it. */
export async function leaveAccount(owner: Owner, end: () => Promise<unknown>): Promise<void> {
  let left = false;
  const leave = async () => {
    left = true;
    await forgetAccountCursor(db, owner).catch(() => undefined);
    await end().catch(() => undefined);
  };
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  try {
    if (locks) {
      await locks.request(SYNC_LOCK_NAME, { signal: AbortSignal.timeout(LEAVE_WAIT_MS) }, leave);
    }
  } catch {
    // The lock was not had in time: the session ends regardless.
  }
  if (!left) await leave();
  link?.kick();
}

/** Try to sync now (a button in the panel). */
export function syncNow(): void {
  startSync().kick();
}
