// One sync engine per browser (docs/sync.md "One engine per browser"): the tab holding the Web
// Lock ENGINE_LOCK runs it (pulls, pushes, the live stream, every write of sync to the device
// store) in a worker of its own, off the page's thread (engine-worker.ts), or on its own thread
// where no worker runs (engine-host.ts). Every tab, the leading one included, follows it: it
// still writes its collector's changes to the device store at once, counts its outbox, and tells
// the engine over the BroadcastChannel ENGINE_CHANNEL (a kick), as it does for a sign-in, its
// focus and "Sync now"; the engine answers with its status and a count that moves whenever sync
// changed the store, so the tab's screens read it again. When the leading tab closes, the lock
// passes to another tab, whose engine starts from what the device store holds (the cursor, the
// outbox): a push the closed tab had in flight goes again under its mutation id, and the server
// applies it once. Where Web Locks or BroadcastChannel are missing, each tab runs its own
// engine, as the sync lock lets several do.
import { getSyncStatus, setSyncStatus, subscribeSyncStatus, type SyncStatus } from '../core/status';
import { onLocalWrite } from '../core/signal';
import type { Owner } from '../owner';
import {
  ENGINE_CHANNEL,
  ENGINE_LOCK,
  hostEngine,
  isShape,
  postOn,
  SHAPE,
  type Channel,
  type Doc,
  type LeadEngine,
  type SharedVisibility,
  type StatusStore,
} from './engine-host';

export { ENGINE_LOCK };

export interface LeadOptions {
  /** Starts the engine on this tab's thread, once it leads and no worker runs it. */
  start(visibility: SharedVisibility): LeadEngine;
  /** Starts the engine in a worker of this tab, once it leads; null where none can run. The
   * worker calls `failed` if it cannot run after all (then `start` runs the engine here). */
  spawn?(failed: () => void): { stop(): void } | null;
  /** Counts this tab's account's outbox for its header (cycle.ts refreshCounts). */
  counts(session: Owner | null): Promise<void>;
  /** This tab hears the live stream's clock and announcements (live.ts); returns the stop. */
  followLive?(): () => void;
  locks?: Pick<LockManager, 'request'> | null;
  channel?: Channel | null;
  doc?: Doc;
  win?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  status?: StatusStore;
  tab?: string;
}

export interface EngineLink {
  /** A reason to sync now, for the browser's engine. */
  kick(): void;
  /** True while this tab holds the engine's lock (its worker or its thread runs the engine). */
  leads(): boolean;
  stop(): void;
}

export function joinEngine(options: LeadOptions): EngineLink {
  const locks = options.locks === undefined ? (globalThis.navigator?.locks ?? null) : options.locks;
  const channel =
    options.channel === undefined
      ? typeof BroadcastChannel === 'function'
        ? new BroadcastChannel(ENGINE_CHANNEL)
        : null
      : options.channel;
  const doc = options.doc ?? document;
  const win = options.win ?? window;
  const status = options.status ?? {
    get: getSyncStatus,
    set: setSyncStatus,
    subscribe: subscribeSyncStatus,
  };
  const tab = options.tab ?? crypto.randomUUID();

  if (!locks || !channel) {
    // No way to agree on one engine: this tab runs its own.
    const own = options.start(doc);
    return { kick: () => own.kick(), leads: () => true, stop: () => own.stop() };
  }

  /** The engine on this tab's thread (null: a worker's, or another tab's). */
  let here: ReturnType<typeof hostEngine> | null = null;
  let leading = false;
  let stopped = false;
  let endLead: (() => void) | null = null;
  const post = (message: Parameters<typeof postOn>[1]) => postOn(channel, message);

  // Following: what the engine says, and this tab's reasons to sync.
  let session: Owner | null = null;
  let seenChanges: number | null = null;
  let seenHost: string | null = null;
  const heard = (data: unknown) => {
    if (!isShape(data)) return;
    if (data.type === 'kick') {
      // Another tab's write, often: this tab's header counts it too.
      void options.counts(session);
      return;
    }
    if (data.type !== 'status') return;
    const patch: Partial<SyncStatus> = { ...data.status };
    const newHost = data.host !== seenHost;
    // A new host may have changed the store before this tab heard it: read it again.
    if (seenHost !== null && (newHost || data.changes !== seenChanges)) {
      patch.version = status.get().version + 1;
    }
    seenChanges = data.changes;
    seenHost = data.host;
    // A new host (a new leading tab, or its worker) has not heard whether this tab is shown.
    if (newHost) tellVisible();
    session = data.session;
    status.set(patch);
    void options.counts(session);
  };
  const tellVisible = () =>
    post({ v: SHAPE, type: 'visible', tab, visible: doc.visibilityState === 'visible' });
  const onGone = () => post({ v: SHAPE, type: 'gone', tab });
  const follow = () => {
    channel.onmessage = (event) => heard(event.data);
    const unwrite = onLocalWrite(() => {
      void options.counts(session);
      post({ v: SHAPE, type: 'kick' });
    });
    const unlive = options.followLive?.() ?? (() => undefined);
    doc.addEventListener('visibilitychange', tellVisible);
    win.addEventListener('pagehide', onGone);
    post({ v: SHAPE, type: 'hello' });
    tellVisible();
    return () => {
      unwrite();
      unlive();
      doc.removeEventListener('visibilitychange', tellVisible);
      win.removeEventListener('pagehide', onGone);
    };
  };
  let unfollow: (() => void) | null = follow();

  /** The engine on this tab's thread: the tab stops following and hosts it. */
  const runHere = () => {
    if (stopped || here) return;
    unfollow?.();
    unfollow = null;
    here = hostEngine({
      start: options.start,
      channel,
      status,
      doc,
      kicked: (asked) => void options.counts(asked),
    });
  };

  /** Leads until the tab goes or the link stops. */
  const lead = () =>
    new Promise<void>((resolve) => {
      if (stopped) return resolve();
      leading = true;
      const worker = options.spawn?.(runHere) ?? null;
      if (!worker) runHere();
      endLead = () => {
        endLead = null;
        leading = false;
        worker?.stop();
        here?.stop();
        here = null;
        resolve();
      };
    });

  const asking = new AbortController();
  locks.request(ENGINE_LOCK, { signal: asking.signal }, lead).catch(() => undefined);

  return {
    kick() {
      if (here) here.engine.kick();
      else post({ v: SHAPE, type: 'kick' });
    },
    leads: () => leading,
    stop() {
      stopped = true;
      asking.abort();
      endLead?.();
      if (unfollow) onGone();
      unfollow?.();
      channel.close();
    },
  };
}
