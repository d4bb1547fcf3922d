// The sync engine, loaded with import() once the page works (the first visit's code does not
// grow). It pushes the outbox and pulls the change log whenever it can: at start-up, when the
// browser comes back online, after each local write (debounced) and after each push, with
// exponential backoff on failure. One tab pushes at a time (Web Locks). On a static host with
// no API it finds no server and stays quiet: the device is all there is.
import type { DbHandle } from '../device/db';
import type { LiveBatch } from './protocol';
import { accountOwner, currentOwner, SIGNED_OUT, type Owner } from '../owner';
import { onLocalWrite } from './signal';
import { setSyncStatus } from './status';
import { checkHealth, checkSession, type Failure, type Fetch } from './http';
import {
  applyLiveBatch,
  bump,
  pullAll,
  pushOutbox,
  refreshCounts,
  type CycleResult,
} from './cycle';
import { readCursor } from './apply';
import { startLiveStream, type LiveOptions, type LiveStream } from './live';
import { nextDelay } from './backoff';

export interface EngineOptions {
  db: DbHandle;
  fetch?: Fetch;
  /** Web Locks, or null where the browser has none (then this tab pushes on its own). */
  locks?: Pick<LockManager, 'request'> | null;
  win?: Pick<Window, 'addEventListener' | 'removeEventListener'> & { navigator: Navigator };
  random?: () => number;
  now?: () => Date;
  /** Delay after a local write before pushing, so a burst of writes goes in one push. */
  debounceMs?: number;
  /** Who is signed in in the app (whose changes the header counts); default: the session's. */
  owner?: () => Owner;
  /** The live stream's parts (tests), or false for none; by default the browser's. */
  live?: Partial<LiveOptions> | false;
}

export interface SyncEngine {
  /** Push and pull now (the backoff permitting). */
  kick(): void;
  /** Resolves when the current cycle (if any) is over. */
  idle(): Promise<void>;
  stop(): void;
}

const LOCK_NAME = 'artmint-sync';
/** A server with no /api/push yet: look again after this long, or on the next start. */
const ABSENT_PUSH_WAIT_MS = 10 * 60_000;

export function startSyncEngine(options: EngineOptions): SyncEngine {
  const fetcher: Fetch = options.fetch ?? ((input, init) => fetch(input, init));
  const win = options.win ?? window;
  const locks = options.locks === undefined ? (win.navigator.locks ?? null) : options.locks;
  const random = options.random ?? Math.random;
  const now = options.now ?? (() => new Date());
  const debounceMs = options.debounceMs ?? 400;
  const ctx = { db: options.db, fetch: fetcher, now, owner: options.owner ?? currentOwner };

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

  const fail = (failure: Failure) => {
    if (failure.kind === 'retry') {
      failures += 1;
      const delay = Math.max(failure.retryAfterMs ?? 0, nextDelay(failures, random));
      retryAt = Date.now() + delay;
      setSyncStatus({ mode: 'offline' });
      schedule(delay);
    }
  };

  async function withLock(task: () => Promise<void>): Promise<void> {
    if (!locks) return task();
    await locks.request(LOCK_NAME, task);
  }

  async function cycle(): Promise<void> {
    // The browser knows it has no network: no request (each would only fail); the `online`
    // event starts the next cycle.
    if (win.navigator.onLine === false) {
      if (server === 'yes') setSyncStatus({ mode: 'offline' });
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
      startLive();
    }
    if (server === 'none') return;
    // Not known (no answer): as if signed out, so nothing goes under a session it is not for.
    const asked = await checkSession(fetcher);
    const account = asked.ok ? asked.value.account : null;
    session = account ? accountOwner(account.id) : SIGNED_OUT;
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
      } while (again && !stopped && Date.now() >= retryAt);
      busy = false;
    })();
  }

  const kick = () => {
    if (Date.now() < retryAt) return;
    schedule(debounceMs);
  };
  const onOnline = () => {
    // Back online: forget the backoff, and look for the server again if it was missing.
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

  const unsubscribe = onLocalWrite(() => {
    void refreshCounts(ctx, session);
    kick();
  });
  win.addEventListener('online', onOnline);
  win.addEventListener('offline', onOffline);
  win.addEventListener('focus', onVisible);
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
    },
  };
}
