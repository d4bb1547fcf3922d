// The sync engine, loaded with import() once the page works (the first visit's code does not
// grow). It pushes the outbox and pulls the change log whenever it can: at start-up, when the
// browser comes back online, after each local write (debounced) and after each push, with
// exponential backoff on failure. One tab of the browser runs it (engine-lead.ts), and one context
// pushes at a time (Web Locks, shared with the service worker). When a push fails for
// want of a network or server while changes wait, it asks the browser for a Background Sync,
// so the service worker pushes them even once every tab is closed (background-sync.ts). On a
// static host with no API it finds no server and stays quiet: the device is all there is.
import type { DbHandle } from '../device/db';
import type { LiveBatch } from '@shared/protocol';
import type { AccountLiveBatch } from '@shared/account-channel';
import { currentOwner, SIGNED_OUT, type Owner } from '../owner';
import { readAccountCursor } from '../device/meta';
import { accountSync } from './account-pull';
import { onLocalWrite } from '../core/signal';
import { setSyncStatus } from '../core/status';
import { checkHealth, type Failure, type Fetch } from './http';
import {
  applyLiveBatch,
  askSessionOwner,
  bump,
  pullAll,
  pushOutbox,
  type CycleResult,
} from './cycle';
import { readOwnQueue, refreshCounts, withSyncLock } from './own-outbox';
import { pushableLater, requestBackgroundSync } from './background-sync';
import { watchBrowser, type EngineWindow } from './browser-signals';
import { readCursor } from './apply';
import { followsOtherLog } from './snapshot-end';
import { snapshotFocus } from './focus';
import { startLiveStream, type LiveOptions, type LiveStream } from './live';
import { retryBackoff } from './backoff';
import { pushLimit } from './push-limit';
import { serialRunner } from '@shared/serial-runner';

export interface EngineOptions {
  db: DbHandle;
  fetch?: Fetch;
  /** Web Locks, or null where the browser has none (then this tab pushes on its own). */
  locks?: Pick<LockManager, 'request'> | null;
  win?: EngineWindow;
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
  /** Whom the server's session belongs to, as the last cycle asked (null: not known yet). */
  session(): Owner | null;
}

/** A server with no /api/push yet: look again after this long, or on the next start. */
const ABSENT_PUSH_WAIT_MS = 10 * 60_000;

/**
 * What the engine knows of the Artmint server: not asked yet (`unknown`), it answers (`yes`),
 * or there is none (`none`: a static host with no API, where the device is all there is).
 * Back online, `none` becomes `unknown` again.
 */
type ServerState = 'unknown' | 'yes' | 'none';

export function startSyncEngine(options: EngineOptions): SyncEngine {
  const fetcher: Fetch = options.fetch ?? ((input, init) => fetch(input, init));
  const win = options.win ?? window;
  const locks = options.locks === undefined ? (win.navigator.locks ?? null) : options.locks;
  const debounceMs = options.debounceMs ?? 400;
  const backgroundSync =
    options.backgroundSync === undefined ? requestBackgroundSync : options.backgroundSync;
  const ctx = {
    db: options.db,
    fetch: fetcher,
    now: options.now ?? (() => new Date()),
    owner: options.owner ?? currentOwner,
    focus: () => snapshotFocus(win.location?.pathname ?? ''),
  };

  let stopped = false;
  let server: ServerState = 'unknown';
  const backoff = retryBackoff(options.random ?? Math.random);
  let pushAbsentUntil = 0;
  /** A push refused for a rate waits its Retry-After (push-limit.ts). */
  const limit = pushLimit();
  /** The account's own records on its every device (account-pull.ts). */
  const account = accountSync(ctx);
  // Whom the server's session belongs to, asked before each push (another account may have
  // signed in on this device meanwhile): null until known.
  let session: Owner | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let live: LiveStream | null = null;
  /** The last ask for a Background Sync, which the run waits for (idle() covers it). */
  let asking: Promise<void> = Promise.resolve();
  // One cycle at a time; a reason to sync during one runs the next right after it, unless the
  // engine stopped or a failure's backoff has begun.
  const runner = serialRunner(runOnce, {
    // runOnce answers every failure it expects itself; what escapes it is a defect to report.
    onError: (error) => console.error('Artmint: a sync cycle failed.', error),
    mayRepeat: () => !stopped && !backoff.waiting(),
  });

  const withLock = (task: () => Promise<void>) => withSyncLock(locks, task);

  /** A batch of the live stream lands under the same lock as a pull; a gap is pulled. */
  async function applyLive(batch: LiveBatch): Promise<void> {
    let landed = true;
    await withLock(async () => {
      landed = await applyLiveBatch(ctx, batch);
    });
    if (!landed) kick();
  }

  /** A batch of the account's own log (for `owner`, whom the stream was opened for) lands
   * under the same lock; a gap, or another account signed in since, is pulled. */
  async function applyMine(batch: AccountLiveBatch, owner: Owner): Promise<void> {
    let landed = false;
    await withLock(async () => {
      landed = await account.live(session, owner, batch);
    });
    if (!landed) kick();
  }

  /** The account the live stream carries the log of, and its cursor (none yet: not carried). */
  async function liveAccount() {
    const owner = account.signedIn(session);
    const cursor = owner === null ? null : await readAccountCursor(ctx.db, owner);
    return owner === null || cursor === null ? null : { owner, cursor };
  }

  function startLive(): void {
    if (live) live.retarget();
    if (live || options.live === false || stopped) return;
    live = startLiveStream({
      apply: applyLive,
      applyMine,
      account: liveAccount,
      cursor: () => readCursor(ctx.db),
      refreshed: bump,
      startOver: kick,
      // Another log than the one followed: the cycle's pull starts over (snapshot-end.ts).
      heardLog: (logId) => {
        void followsOtherLog(ctx.db, logId).then(
          (other) => other && kick(),
          () => undefined,
        );
      },
      ...options.live,
    });
  }

  function schedule(ms: number): void {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      run();
    }, ms);
  }

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

  /** A failure worth a retry (no network, the server busy or failing): back off, and ask the
   * browser to push later. Other failures wait for the next reason to sync. */
  function failed(failure: Failure): void {
    if (failure.kind !== 'offline') return;
    const delay = backoff.failed(failure.retryAfterMs);
    setSyncStatus({ mode: 'offline' });
    schedule(delay);
    asking = askBackgroundSync();
  }

  /** The browser knows it has no network: no request (each would only fail); the `online`
   * event starts the next cycle. */
  async function whileOffline(): Promise<void> {
    if (server === 'yes') setSyncStatus({ mode: 'offline' });
    await askBackgroundSync();
  }

  /** True when a server answers; asks /api/health while it is not known. */
  async function findServer(): Promise<boolean> {
    if (server !== 'unknown') return server === 'yes';
    const health = await checkHealth(fetcher);
    if (health.kind === 'ok') {
      server = 'yes';
      setSyncStatus({ mode: 'online' });
      return true;
    }
    if (health.kind === 'offline') {
      failed(health);
    } else {
      server = 'none';
      setSyncStatus({ mode: 'device-only' });
    }
    return false;
  }

  /** Pushes the outbox as `pushAs` (unless the server has no push, or limits this account's
   * for now), then pulls, unless the push failed for want of a network or server; all under the
   * sync lock. */
  async function pushAndPull(pushAs: Owner): Promise<CycleResult> {
    let result: CycleResult = { kind: 'ok' };
    await withLock(async () => {
      if (Date.now() >= pushAbsentUntil && limit.wait(pushAs) === 0) {
        setSyncStatus({ pushing: true });
        try {
          const pushed = await pushOutbox(ctx, pushAs, limit.holdsUploads(pushAs));
          result = limit.settle(pushAs, pushed);
        } finally {
          setSyncStatus({ pushing: false });
        }
      }
      if (result.kind !== 'offline') {
        const pulled = await pullAll(ctx);
        if (pulled.kind !== 'ok') result = pulled;
      }
      if (result.kind === 'ok' && (await account.pull(pushAs))) {
        result = { kind: 'ok', more: true };
      }
    });
    return result;
  }

  /** The device is current: the live stream follows the log from its cursor (only now, not
   * from a cursor far behind: a first open starts from the snapshot), the backoff is over,
   * and a pull that stopped at a page's end goes on. */
  function succeeded(more: boolean | undefined): void {
    startLive();
    backoff.reset();
    setSyncStatus({ mode: 'online' });
    if (more) runner.again();
  }

  async function pushOrPullFailed(failure: Failure): Promise<void> {
    if (failure.kind === 'failed') {
      pushAbsentUntil = Date.now() + ABSENT_PUSH_WAIT_MS;
    } else if (failure.kind === 'signed-out') {
      // The session ended between the question and the push: ask again.
      session = SIGNED_OUT;
      await refreshCounts(ctx, session);
      runner.again();
    } else {
      failed(failure);
    }
  }

  async function cycle(): Promise<void> {
    if (win.navigator.onLine === false) return whileOffline();
    if (!(await findServer())) return;
    // Not known (no answer): as if signed out, so nothing goes under a session it is not for.
    const asked = await askSessionOwner(fetcher);
    const owner = asked.kind === 'ok' ? asked.value : SIGNED_OUT;
    session = owner;
    const result = await pushAndPull(owner);
    await refreshCounts(ctx, owner);
    if (result.kind === 'ok') succeeded(result.more);
    else await pushOrPullFailed(result);
    // What a rate holds goes once its wait is over (sooner: a backoff's retry, which skips it).
    const held = limit.nextPush(owner);
    if (held > 0 && !timer) schedule(held);
  }

  async function runOnce(): Promise<void> {
    try {
      await cycle();
    } catch (error) {
      console.warn('Artmint: sync stopped for now; it tries again later.', error);
      failed({ kind: 'offline' });
    }
    await asking;
  }

  function run(): void {
    if (!stopped) void runner.run();
  }

  function kick(): void {
    if (!backoff.waiting()) schedule(debounceMs);
  }

  // Back online, or the service worker pushed in the background (then the counts, the panel
  // and the screens catch up): forget the backoff, and look for the server again if it was
  // missing.
  function tryAtOnce(): void {
    backoff.reset();
    pushAbsentUntil = 0;
    if (server === 'none') server = 'unknown';
    schedule(0);
  }

  const unwatch = watchBrowser(win, {
    online: tryAtOnce,
    offline: () => {
      if (server === 'yes') setSyncStatus({ mode: 'offline' });
    },
    // Coming back to the tab (perhaps signed in elsewhere meanwhile): try again.
    focus: kick,
    backgroundPushed: tryAtOnce,
  });
  const unsubscribe = onLocalWrite(() => {
    void refreshCounts(ctx, session);
    kick();
  });
  void refreshCounts(ctx, ctx.owner());
  schedule(0);

  return {
    kick,
    idle: async () => {
      for (;;) {
        const current = runner.running;
        await current;
        if (current === runner.running && !runner.busy && !timer) return;
        if (timer && !runner.busy) return;
      }
    },
    session: () => session,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      live?.stop();
      unsubscribe();
      unwatch();
    },
  };
}
