// The browser's one sync engine, as its host runs it (docs/sync.md "One engine per browser"):
// in the leading tab's worker (engine-worker.ts) or, where there is no worker, on the leading
// tab's own thread (engine-lead.ts). The host hears the tabs over the BroadcastChannel
// ENGINE_CHANNEL (a kick, a hello, whether each is shown) and tells them its status, whom the
// server's session is for, and a count that moves whenever sync changed the device store.
import type { SyncStatus } from '../core/status';
import type { Owner } from '../owner';

/** Messages of another shape (another build's) are ignored; a new shape takes a new number,
 * and with it a lock of its own: its tabs run their own engine until the old build's close. */
export const SHAPE = 1;
export const ENGINE_LOCK = `artmint-engine-${SHAPE}`;
export const ENGINE_CHANNEL = 'artmint-engine';

/** What a tab tells the host (and every other tab hears). */
export type TabMessage =
  | { v: typeof SHAPE; type: 'kick' }
  | { v: typeof SHAPE; type: 'hello' }
  | { v: typeof SHAPE; type: 'visible'; tab: string; visible: boolean }
  | { v: typeof SHAPE; type: 'gone'; tab: string };

/** What the host tells the tabs. */
export interface LeadMessage {
  v: typeof SHAPE;
  type: 'status';
  /** The host's own id: a new one (a new leading tab, or its worker) hears each tab again. */
  host: string;
  status: Pick<SyncStatus, 'mode' | 'pushing' | 'limit'>;
  /** Whom the server's session belongs to, as the engine last asked (null: not known). */
  session: Owner | null;
  /** Moves whenever sync changed the device store. */
  changes: number;
}

/** The engine as a host runs it. */
export interface LeadEngine {
  kick(): void;
  stop(): void;
  /** Whom the server's session belongs to, as last asked (null: not known yet). */
  session(): Owner | null;
}

export type Doc = Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;

/** The visibility the live stream follows: visible while any tab of the browser is. */
export type SharedVisibility = Doc;

export type Channel = Pick<BroadcastChannel, 'postMessage' | 'close'> & {
  onmessage: ((event: MessageEvent) => void) | null;
};

export interface StatusStore {
  get(): SyncStatus;
  set(patch: Partial<SyncStatus>): void;
  subscribe(listener: () => void): () => void;
}

export const isShape = (data: unknown): data is TabMessage | LeadMessage =>
  typeof data === 'object' && data !== null && (data as { v?: unknown }).v === SHAPE;

/** Posts on `channel`, unless it is closed (the tab or the worker is going). */
export function postOn(channel: Channel, message: TabMessage | LeadMessage): void {
  try {
    channel.postMessage(message);
  } catch {
    // Closed: the others learn it from the lock passing on.
  }
}

/** Visible while `doc` (the host's own tab, if any) or any tab that said so is visible, until
 * that tab said it is gone. */
function sharedVisibility(doc: Doc | null) {
  const others = new Map<string, boolean>();
  const target = new EventTarget();
  const state = (): DocumentVisibilityState =>
    doc?.visibilityState === 'visible' || [...others.values()].some(Boolean) ? 'visible' : 'hidden';
  let last = state();
  const changed = () => {
    const now = state();
    if (now === last) return;
    last = now;
    target.dispatchEvent(new Event('visibilitychange'));
  };
  doc?.addEventListener('visibilitychange', changed);
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
    stop: () => doc?.removeEventListener('visibilitychange', changed),
  };
}

export interface HostOptions {
  /** Starts the engine; its live stream follows `visibility`. */
  start(visibility: SharedVisibility): LeadEngine;
  channel: Channel;
  status: StatusStore;
  /** The host's own tab, when it runs in one (null: a worker). */
  doc: Doc | null;
  /** Another tab kicked (often its write): the host's tab counts its outbox too. */
  kicked?(session: Owner | null): void;
}

/** Runs the engine and answers the tabs until stopped. */
export function hostEngine(options: HostOptions): { engine: LeadEngine; stop(): void } {
  const { channel, status } = options;
  const shared = sharedVisibility(options.doc);
  const engine = options.start(shared.visibility);
  const host = crypto.randomUUID();
  const tell = () => {
    const now = status.get();
    postOn(channel, {
      v: SHAPE,
      type: 'status',
      host,
      status: { mode: now.mode, pushing: now.pushing, limit: now.limit },
      session: engine.session(),
      changes: now.version,
    });
  };
  const unsubscribe = status.subscribe(tell);
  tell();
  channel.onmessage = (event) => {
    const message = event.data as unknown;
    if (!isShape(message)) return;
    if (message.type === 'kick') {
      options.kicked?.(engine.session());
      engine.kick();
    } else if (message.type === 'hello') tell();
    else if (message.type === 'visible') shared.tab(message.tab, message.visible);
    else if (message.type === 'gone') shared.tab(message.tab, null);
  };
  return {
    engine,
    stop() {
      channel.onmessage = null;
      unsubscribe();
      shared.stop();
      engine.stop();
    },
  };
}
