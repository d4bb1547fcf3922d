// One sync engine per browser (docs/sync.md "One engine per browser"): the tab holding the Web
// Lock ENGINE_LOCK runs it (pulls, pushes, the live stream, every write of sync to the device
// store); every other tab follows. A following tab still writes its collector's changes to the
// device store at once, then tells the leading tab over the BroadcastChannel ENGINE_CHANNEL
// (a kick), as it does for a sign-in, its focus and "Sync now"; the leading tab answers with its
// status (online, pushing, a rate's wait) and a count that moves whenever sync changed the store,
// so the follower's screens read it again. The live stream stays open while any tab is visible.
// When the leading tab closes, the lock passes to a following tab, whose engine starts from what
// the device store holds (the cursor, the outbox): a push the closed tab had in flight goes again
// under its mutation id, and the server applies it once. Where Web Locks or BroadcastChannel are
// missing, each tab runs its own engine, as the sync lock lets several do.
import { getSyncStatus, setSyncStatus, subscribeSyncStatus, type SyncStatus } from '../core/status';
import { onLocalWrite } from '../core/signal';
import type { Owner } from '../owner';

/** Messages of another shape (another build's) are ignored; a new shape takes a new number,
 * and with it a lock of its own: its tabs run their own engine until the old build's close. */
const SHAPE = 1;
export const ENGINE_LOCK = `artmint-engine-${SHAPE}`;
export const ENGINE_CHANNEL = 'artmint-engine';

/** What a following tab tells the leading one. */
type TabMessage =
  | { v: typeof SHAPE; type: 'kick' }
  | { v: typeof SHAPE; type: 'hello' }
  | { v: typeof SHAPE; type: 'visible'; tab: string; visible: boolean }
  | { v: typeof SHAPE; type: 'gone'; tab: string };

/** What the leading tab tells the others. */
interface LeadMessage {
  v: typeof SHAPE;
  type: 'status';
  status: Pick<SyncStatus, 'mode' | 'pushing' | 'limit'>;
  /** Whom the server's session belongs to, as the engine last asked (null: not known). */
  session: Owner | null;
  /** Moves whenever sync changed the device store. */
  changes: number;
}

/** The engine as the leading tab runs it. */
export interface LeadEngine {
  kick(): void;
  stop(): void;
  /** Whom the server's session belongs to, as last asked (null: not known yet). */
  session(): Owner | null;
}

/** The visibility the live stream follows: visible while any tab of the browser is. */
export type SharedVisibility = Pick<
  Document,
  'visibilityState' | 'addEventListener' | 'removeEventListener'
>;

type Channel = Pick<BroadcastChannel, 'postMessage' | 'close'> & {
  onmessage: ((event: MessageEvent) => void) | null;
};

type Doc = Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;

export interface LeadOptions {
  /** Starts this tab's engine, once it leads; its live stream follows `visibility`. */
  start(visibility: SharedVisibility): LeadEngine;
  /** A following tab counts its own account's outbox for its header (cycle.ts refreshCounts). */
  counts(session: Owner | null): Promise<void>;
  /** Another tab landed live changes: this tab's screens read the store again (live.ts). */
  followLive?(): () => void;
  locks?: Pick<LockManager, 'request'> | null;
  channel?: Channel | null;
  doc?: Doc;
  win?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  status?: {
    get(): SyncStatus;
    set(patch: Partial<SyncStatus>): void;
    subscribe(listener: () => void): () => void;
  };
  tab?: string;
}

export interface EngineLink {
  /** A reason to sync now: this tab's engine, or the leading tab's. */
  kick(): void;
  /** True while this tab runs the browser's engine. */
  leads(): boolean;
  stop(): void;
}

const isShape = (data: unknown): data is { v: number; type: string } =>
  typeof data === 'object' && data !== null && (data as { v?: unknown }).v === SHAPE;

/** Visible while this tab or any tab that said so is visible (until it said it is gone). */
function sharedVisibility(doc: Doc) {
  const others = new Map<string, boolean>();
  const target = new EventTarget();
  const state = (): DocumentVisibilityState =>
    doc.visibilityState === 'visible' || [...others.values()].some(Boolean) ? 'visible' : 'hidden';
  let last = state();
  const changed = () => {
    const now = state();
    if (now === last) return;
    last = now;
    target.dispatchEvent(new Event('visibilitychange'));
  };
  doc.addEventListener('visibilitychange', changed);
  const visibility: SharedVisibility = {
    get visibilityState() {
      return state();
    },
    addEventListener: target.addEventListener.bind(target) as Doc['addEventListener'],
    removeEventListener: target.removeEventListener.bind(target) as Doc['removeEventListener'],
  };
  return {
    visibility,
    tab(tab: string, visible: boolean | null) {
      if (visible === null) others.delete(tab);
      else others.set(tab, visible);
      changed();
    },
    stop: () => doc.removeEventListener('visibilitychange', changed),
  };
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

  let engine: LeadEngine | null = null;
  let stopped = false;
  let endLead: (() => void) | null = null;
  const post = (message: TabMessage | LeadMessage) => {
    try {
      channel?.postMessage(message);
    } catch {
      // The channel is closed (the tab is going).
    }
  };

  if (!locks || !channel) {
    // No way to agree on one engine: this tab runs its own.
    engine = options.start(doc);
    return {
      kick: () => engine?.kick(),
      leads: () => true,
      stop: () => engine?.stop(),
    };
  }

  // Following: what the leading tab says, and this tab's reasons to sync.
  let session: Owner | null = null;
  let seenChanges: number | null = null;
  const onLeadMessage = (data: unknown) => {
    if (!isShape(data) || data.type !== 'status' || engine) return;
    const message = data as LeadMessage;
    const patch: Partial<SyncStatus> = { ...message.status };
    if (seenChanges !== null && message.changes !== seenChanges) {
      patch.version = status.get().version + 1;
    }
    seenChanges = message.changes;
    session = message.session;
    status.set(patch);
    void options.counts(session);
  };
  const tellVisible = () =>
    post({ v: SHAPE, type: 'visible', tab, visible: doc.visibilityState === 'visible' });
  const onGone = () => post({ v: SHAPE, type: 'gone', tab });
  const follow = () => {
    const unwrite = onLocalWrite(() => {
      if (engine) return; // the engine watches this tab's writes itself
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

  /** Leads until the tab goes or the link stops. */
  const lead = () =>
    new Promise<void>((resolve) => {
      if (stopped) return resolve();
      unfollow?.();
      unfollow = null;
      const shared = sharedVisibility(doc);
      const running = options.start(shared.visibility);
      engine = running;
      const tell = () => {
        const now = status.get();
        post({
          v: SHAPE,
          type: 'status',
          status: { mode: now.mode, pushing: now.pushing, limit: now.limit },
          session: running.session(),
          changes: now.version,
        });
      };
      const unsubscribe = status.subscribe(tell);
      tell();
      const onTabMessage = (data: unknown) => {
        if (!isShape(data)) return;
        const message = data as TabMessage;
        if (message.type === 'kick') {
          // Often another tab's write: this tab's header counts it too.
          void options.counts(running.session());
          running.kick();
        } else if (message.type === 'hello') tell();
        else if (message.type === 'visible') shared.tab(message.tab, message.visible);
        else if (message.type === 'gone') shared.tab(message.tab, null);
      };
      handle = onTabMessage;
      endLead = () => {
        endLead = null;
        unsubscribe();
        shared.stop();
        running.stop();
        engine = null;
        resolve();
      };
    });

  let handle: (data: unknown) => void = onLeadMessage;
  channel.onmessage = (event) => handle(event.data);
  const asking = new AbortController();
  locks.request(ENGINE_LOCK, { signal: asking.signal }, lead).catch(() => undefined);

  return {
    kick() {
      if (engine) engine.kick();
      else post({ v: SHAPE, type: 'kick' });
    },
    leads: () => engine !== null,
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
