// The sync engine, loaded with import() once the page works (the first visit's code does not
// grow). It pushes the outbox and pulls the change log whenever it can: at start-up, when the
// browser comes back online, after each local write (debounced) and after each push, with
// exponential backoff on failure. One tab pushes at a time (Web Locks). When a push fails for
// want of a network or server while changes wait, it asks the browser for a Background Sync,
// so the service worker pushes them even once every tab is closed (background-sync.ts). On a
// static host with no API it finds no server and stays quiet: the device is all there is.
import type { DbHandle } from '../device/db';
import type { LiveBatch } from './protocol';
import { currentOwner, SIGNED_OUT, type Owner } from '../owner';
import { onLocalWrite } from './signal';
import { setSyncStatus } from './status';
import { checkHealth, type Failure, type Fetch } from './http';
import {
  applyLiveBatch,
  askSessionOwner,
  bump,
  pullAll,
  pushOutbox,
  readOwnQueue,
  refreshCounts,
  withSyncLock,
  type CycleResult,
} from './cycle';
import { BACKGROUND_PUSHED, pushableLater, requestBackgroundSync } from './background-sync';
import { readCursor } from './apply';
import { snapshotFocus } from './focus';
import { startLiveStream, type LiveOptions, type LiveStream } from './live';
import { nextDelay } from './backoff';

export interface EngineOptions {
  db: DbHandle;
  fetch?: Fetch;
  /** Web Locks, or null where the browser has none (then this tab pushes on its own). */
  locks?: Pick<LockManager, 'request'> | null;
  win?: Pick<Window, 'addEventListener' | 'removeEventListener'> & {
    navigator: Navigator;
    /** Where the collector is: the snapshot's first page (focus.ts). */
    location?: Pick<Location, 'pathname'>;
  };
  random?: () => number;
  now?: () => Date;
  /** Delay after a local write before pushing, so a burst of writes goes in one push. */
  debounceMs?: number;
  /** Who is signed in in the app (whose changes the header counts); default: the session's. */
  owner?: () => Owner;
  /** The live stream's parts (tests), or false for none; by default the browser's. */
  live?: Partial<LiveOptions> | false;
  /** Asks the browser to push later, every tab closed or not (Background Sync); null: never.
   * By default the browser's, where it has one. */
  backgroundSync?: (() => Promise<unknown>) | null;
}

export interface SyncEngine {
  /** Push and pull now (the backoff permitting). */
  kick(): void;
  /** Resolves when the current cycle (if any) is over. */
  idle(): Promise<void>;
  stop(): void;
}

/** A server with no /api/push yet: look again after this long, or on the next start. */
const ABSENT_PUSH_WAIT_MS = 10 * 60_000;

export function startSyncEngine(options: EngineOptions): SyncEngine {
  const fetcher: Fetch = options.fetch ?? ((input, init) => fetch(input, init));
  const win = options.win ?? window;
  const locks = options.locks === undefined ? (win.navigator.locks ?? null) : options.locks;
  const random = options.random ?? Math.random;
  const now = options.now ?? (() => new Date());
  const debounceMs = options.debounceMs ?? 400;
  const backgroundSync =
    options.backgroundSync === undefined ? requestBackgroundSync : options.backgroundSync;
  const ctx = {
    db: options.db,
    fetch: fetcher,
    now,
    owner: options.owner ?? currentOwner,
    focus: () => snapshotFocus(win.location?.pathname ?? ''),
  };

  let stopped = false;
  let server: 'unknown' | 'yes' | 'none' = 'unknown';
  let failures = 0;
  let retryAt = 0;
  let pushAbsentUntil = 0;
  // Whom the server's session belongs to, asked before each push (another account may have
  // signed in on this device meanwhile): null until known.
  let session: Owner | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  let again = false;
  let live: LiveStream | null = null;
  /** The last ask for a Background Sync, which the run waits for (idle() covers it). */
  let asking: Promise<void> = Promise.resolve();

  /** A batch of the live stream lands under the same lock as a pull; a gap is pulled. */
  async function applyLive(batch: LiveBatch): Promise<void> {
    let landed = true;
    await withLock(async () => {
      landed = await applyLiveBatch(ctx, batch);
    });
    if (!landed) kick();
  }

  function startLive(): void {
    if (live || options.live === false || stopped) return;
    live = startLiveStream({
      apply: applyLive,
      cursor: () => readCursor(ctx.db),
      refreshed: bump,
      startOver: kick,
      ...options.live,
    });
  }

  const schedule = (ms: number) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      run();
    }, ms);
  };

  /**
   * No network or no server: when changes of the signed-in account wait, the browser is asked
   * to fire a sync event once it has a network again, so they go even if every tab is closed
   * by then. Nothing waiting, nothing asked.
   */
  async function askBackgroundSync(): Promise<void> {
    if (!backgroundSync) return;
    try {
      const owner = ctx.owner();
      const queue = await readOwnQueue(ctx);
      if (queue.some((m) => m.state === 'waiting' && pushableLater(owner, m))) {
        await backgroundSync();
      }
    } catch {
      // The device store cannot be read now: this engine's own retries go on.
    }
  }

  const fail = (failure: Failure) => {
    if (failure.kind === 'retry') {
      failures += 1;
      const delay = Math.max(failure.retryAfterMs ?? 0, nextDelay(failures, random));
      retryAt = Date.now() + delay;
      setSyncStatus({ mode: 'offline' });
      schedule(delay);
      asking = askBackgroundSync();
    }
  };

  const withLock = (task: () => Promise<void>) => withSyncLock(locks, task);

  async function cycle(): Promise<void> {
    // The browser knows it has no network: no request (each would only fail); the `online`
    // event starts the next cycle.
    if (win.navigator.onLine === false) {
      if (server === 'yes') setSyncStatus({ mode: 'offline' });
      await askBackgroundSync();
      return;
    }
    if (server === 'unknown') {
      const health = await checkHealth(fetcher);
      if (!health.ok) {
        if (health.failure.kind === 'retry') return fail(health.failure);
        server = 'none';
        setSyncStatus({ mode: 'device-only' });
        return;
      }
      server = 'yes';
      setSyncStatus({ mode: 'online' });
    }
    if (server === 'none') return;
    // Not known (no answer): as if signed out, so nothing goes under a session it is not for.
    const asked = await askSessionOwner(fetcher);
    session = asked.ok ? asked.value : SIGNED_OUT;
    const pushAs = session;
    let result = { ok: true } as CycleResult;
    await withLock(async () => {
      if (Date.now() >= pushAbsentUntil) {
        setSyncStatus({ pushing: true });
        try {
          result = await pushOutbox(ctx, pushAs);
        } finally {
          setSyncStatus({ pushing: false });
        }
      }
      if (result.ok || result.failure.kind !== 'retry') {
        const pulled = await pullAll(ctx);
        if (!pulled.ok) result = pulled;
      }
    });
    await refreshCounts(ctx, session);
    if (result.ok) {
      // The stream follows the log from the device's cursor: once the device is current (a
      // first open starts from the snapshot), not from a cursor far behind.
      startLive();
      failures = 0;
      retryAt = 0;
      setSyncStatus({ mode: 'online' });
      if (result.more) again = true;
      return;
    }
    const { failure } = result;
    if (failure.kind === 'absent') pushAbsentUntil = Date.now() + ABSENT_PUSH_WAIT_MS;
    else if (failure.kind === 'signed-out') {
      // The session ended between the question and the push: ask again.
      session = SIGNED_OUT;
      await refreshCounts(ctx, session);
      again = true;
    } else fail(failure);
  }

  function run(): void {
    if (stopped) return;
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    running = (async () => {
      do {
        again = false;
        try {
          await cycle();
        } catch (error) {
          console.warn('Artmint: sync stopped for now; it tries again later.', error);
          fail({ kind: 'retry' });
        }
        await asking;
      } while (again && !stopped && Date.now() >= retryAt);
      busy = false;
    })();
  }

  const kick = () => {
    if (Date.now() < retryAt) return;
    schedule(debounceMs);
  };
  const onOnline = () => {
    // Back online, or the service worker pushed in the background: forget the backoff, and
    // look for the server again if it was missing.
    failures = 0;
    retryAt = 0;
    pushAbsentUntil = 0;
    if (server === 'none') server = 'unknown';
    schedule(0);
  };
  const onOffline = () => {
    if (server === 'yes') setSyncStatus({ mode: 'offline' });
  };
  // Coming back to the tab (perhaps signed in elsewhere meanwhile): try again.
  const onVisible = () => kick();
  // The service worker pushed this device's changes (a Background Sync): the counts, the
  // panel and the screens catch up, and a server that answered is worth asking again.
  const workers = win.navigator.serviceWorker as ServiceWorkerContainer | undefined;
  const onWorkerMessage = (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type === BACKGROUND_PUSHED) onOnline();
  };

  const unsubscribe = onLocalWrite(() => {
    void refreshCounts(ctx, session);
    kick();
  });
  win.addEventListener('online', onOnline);
  win.addEventListener('offline', onOffline);
  win.addEventListener('focus', onVisible);
  workers?.addEventListener('message', onWorkerMessage);
  void refreshCounts(ctx, ctx.owner());
  schedule(0);

  return {
    kick,
    idle: async () => {
      for (;;) {
        const current = running;
        await current;
        if (current === running && !busy && !timer) return;
        if (timer && !busy) return;
      }
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      live?.stop();
      unsubscribe();
      win.removeEventListener('online', onOnline);
      win.removeEventListener('offline', onOffline);
      win.removeEventListener('focus', onVisible);
      workers?.removeEventListener('message', onWorkerMessage);
    },
  };
}
