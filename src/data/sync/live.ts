// The live stream in the browser (GET /api/events, Server-Sent Events): one per browser, not
// one per tab. The tab holding the Web Lock "artmint-live" (a visible one) opens the stream,
// lands each batch in the device store through the engine (the same path as a pull) and tells
// the other tabs over a BroadcastChannel, which refresh their screens from the store. A tab
// hidden for a while lets the stream go (the lock passes to a visible tab, if any) and catches
// up from its cursor when visible again: the stream resumes after the device's cursor, so
// nothing is missed. The server's clock comes with the stream's first event: countdowns follow
// it, not the device's. Signed in, the stream carries the account's own log too (`mine=<its
// cursor>`, event 'mine': docs/sync.md "The account's own records on every device").
import * as v from 'valibot';
import { setClockOffset } from '@/lib/clock';
import { emitLiveChanges } from './live-signal';
import { hearLive, LIVE_CHANNEL, type ChannelMessage } from './live-channel';
import { serverIdOfOwner } from '../owner';
import { EVENTS_PATH, type LiveBatch, type LiveHello } from '@shared/protocol';
import {
  ACCOUNT_LIVE_EVENT,
  AccountLiveBatchSchema,
  type AccountLiveBatch,
} from '@shared/account-channel';

export const LIVE_LOCK = 'artmint-live';
/** A hidden tab holds the stream this long before letting it go. */
export const HIDDEN_RELEASE_MS = 60_000;
/** After a refused stream (an error answer), wait before opening it again. */
const REOPEN_MS = 5000;

/** The account whose own log a stream follows, and where the device is in it. */
export interface LiveAccount {
  owner: string;
  cursor: number;
}

export interface LiveOptions {
  /** Lands a batch in the device store, in order (the engine, under its lock). */
  apply(batch: LiveBatch): Promise<void>;
  /** The device's cursor: where the stream starts. */
  cursor(): Promise<number>;
  /** The account signed in both here and on the server, and its cursor (null: none): the
   * stream carries its log from there. */
  account?(): Promise<LiveAccount | null>;
  /** Lands a batch of the account's log for `owner`, the account the stream was opened for. */
  applyMine?(batch: AccountLiveBatch, owner: string): Promise<void>;
  /** Another tab landed changes in the store: this tab's screens read it again. */
  refreshed(): void;
  /** The server said the device is too far behind to follow the log (event `reset`): the
   * engine starts it from the snapshot; the stream opens again after, from the new cursor. */
  startOver?: () => void;
  /** The stream's hello named the log's identity (docs/sync.md "Compaction"). */
  heardLog?: (logId: string) => void;
  EventSource?: typeof EventSource;
  locks?: Pick<LockManager, 'request'>;
  channel?: Pick<BroadcastChannel, 'postMessage' | 'close'> & {
    onmessage: ((event: MessageEvent<ChannelMessage>) => void) | null;
  };
  doc?: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
  win?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  hiddenReleaseMs?: number;
}

export interface LiveStream {
  stop(): void;
  /** Opens the stream again when the account it follows is no longer the one `account()`
   * names (a sign-in, a sign-out, a first cursor). */
  retarget(): void;
}

function isBatch(value: unknown): value is LiveBatch {
  const batch = value as LiveBatch | null;
  return (
    typeof batch === 'object' &&
    batch !== null &&
    Number.isSafeInteger(batch.since) &&
    Number.isSafeInteger(batch.cursor) &&
    Array.isArray(batch.changes)
  );
}

function parse(data: unknown): unknown {
  try {
    return typeof data === 'string' ? (JSON.parse(data) as unknown) : null;
  } catch {
    return null;
  }
}

export function startLiveStream(options: LiveOptions): LiveStream | null {
  const Source = options.EventSource ?? globalThis.EventSource;
  const locks = options.locks ?? globalThis.navigator?.locks;
  if (!Source || !locks) return null;
  const doc = options.doc ?? document;
  const win = options.win ?? window;
  const channel =
    options.channel ??
    (typeof BroadcastChannel === 'function' ? new BroadcastChannel(LIVE_CHANNEL) : null);
  const hiddenReleaseMs = options.hiddenReleaseMs ?? HIDDEN_RELEASE_MS;

  let stopped = false;
  // While this tab asks for or holds the lock: aborts the request, or ends the lead.
  let abort: AbortController | null = null;
  let stepDown: (() => void) | null = null;
  let hiddenTimer: ReturnType<typeof setTimeout> | null = null;
  let landing: Promise<void> = Promise.resolve();
  /** While this tab leads: looks again at the account the stream follows. */
  let retarget: (() => Promise<void>) | null = null;

  const tell = (message: ChannelMessage) => {
    try {
      channel?.postMessage(message);
    } catch {
      // The channel is closed (the tab is going): the others catch up by their own pull.
    }
  };

  /** Holds the stream until told to step down. */
  function lead(): Promise<void> {
    return new Promise<void>((resolve) => {
      let source: EventSource | null = null;
      let reopen: ReturnType<typeof setTimeout> | null = null;
      let opening = false;
      /** The account the open stream follows (null: none). */
      let following: string | null = null;
      const accountNow = () => options.account?.().catch(() => null) ?? Promise.resolve(null);
      const open = async () => {
        reopen = null;
        if (stopped || opening || source) return;
        opening = true;
        const [since, account] = await Promise.all([options.cursor().catch(() => 0), accountNow()]);
        opening = false;
        if (stopped || !stepDown || source) return;
        const mine = account ? `&mine=${account.cursor}` : '';
        const owner = account?.owner ?? null;
        const ownerId = owner === null ? null : serverIdOfOwner(owner);
        following = owner;
        // The account whose log the connection now carries, as its latest hello says: the
        // browser reconnects by itself with whatever session cookie it has by then.
        let carries: number | null = null;
        source = new Source(`${EVENTS_PATH}?since=${since}${mine}`);
        const opened = source;
        source.addEventListener('hello', (event) => {
          const hello = parse((event as MessageEvent).data) as LiveHello | null;
          if (!hello || typeof hello.now !== 'number') return;
          carries = typeof hello.accountId === 'number' ? hello.accountId : null;
          if (ownerId !== null && carries !== null && carries !== ownerId) {
            // Another account's stream now: opened again for whoever is signed in.
            if (source === opened) {
              opened.close();
              source = null;
              void open();
            }
            return;
          }
          const offsetMs = hello.now - Date.now();
          setClockOffset(offsetMs);
          tell({ type: 'clock', offsetMs });
          if (typeof hello.logId === 'string') options.heardLog?.(hello.logId);
        });
        source.addEventListener('changes', (event) => {
          const batch = parse((event as MessageEvent).data);
          if (!isBatch(batch)) return;
          landing = landing
            .then(() => options.apply(batch))
            .then(() => {
              emitLiveChanges(batch.changes);
              tell({ type: 'changes', changes: batch.changes });
            })
            .catch(() => undefined);
        });
        source.addEventListener(ACCOUNT_LIVE_EVENT, (event) => {
          const batch = v.safeParse(AccountLiveBatchSchema, parse((event as MessageEvent).data));
          if (!batch.success || owner === null || !options.applyMine) return;
          if (carries !== null && carries !== ownerId) return;
          const applyMine = options.applyMine;
          landing = landing
            .then(() => applyMine(batch.output, owner))
            .then(() => tell({ type: 'mine' }))
            .catch(() => undefined);
        });
        source.addEventListener('reset', () => {
          if (reopen) clearTimeout(reopen);
          source?.close();
          source = null;
          options.startOver?.();
          reopen = setTimeout(() => void open(), REOPEN_MS);
        });
        source.addEventListener('error', () => {
          // CONNECTING: the browser reconnects by itself (Last-Event-ID). CLOSED: the server
          // answered with an error; open again later, from the device's cursor.
          if (source?.readyState === 2 && !reopen) {
            source.close();
            source = null;
            reopen = setTimeout(() => void open(), REOPEN_MS);
          }
        });
      };
      // The browser says the network is gone: a stream that looks open would only stall, so it
      // is closed, and opened again from the device's cursor when the network is back.
      const onOffline = () => {
        if (reopen) clearTimeout(reopen);
        reopen = null;
        source?.close();
        source = null;
      };
      const onOnline = () => {
        if (!source && !reopen) void open();
      };
      win.addEventListener('offline', onOffline);
      win.addEventListener('online', onOnline);
      retarget = async () => {
        if (!source) return;
        const account = await accountNow();
        if (!source || (account?.owner ?? null) === following) return;
        source.close();
        source = null;
        void open();
      };
      stepDown = () => {
        stepDown = null;
        retarget = null;
        win.removeEventListener('offline', onOffline);
        win.removeEventListener('online', onOnline);
        if (reopen) clearTimeout(reopen);
        source?.close();
        resolve();
      };
      void open();
    });
  }

  function ask(): void {
    if (stopped || abort || doc.visibilityState === 'hidden') return;
    const controller = new AbortController();
    abort = controller;
    locks
      .request(LIVE_LOCK, { signal: controller.signal }, () => lead())
      .catch(() => undefined)
      .finally(() => {
        if (abort === controller) abort = null;
      });
  }

  function letGo(): void {
    if (stepDown) stepDown();
    abort?.abort();
    abort = null;
  }

  const onVisibility = () => {
    if (doc.visibilityState === 'hidden') {
      hiddenTimer ??= setTimeout(() => {
        hiddenTimer = null;
        letGo();
      }, hiddenReleaseMs);
      return;
    }
    if (hiddenTimer) clearTimeout(hiddenTimer);
    hiddenTimer = null;
    ask();
  };

  if (channel) channel.onmessage = hearLive(options.refreshed);
  doc.addEventListener('visibilitychange', onVisibility);
  ask();

  return {
    stop() {
      stopped = true;
      if (hiddenTimer) clearTimeout(hiddenTimer);
      doc.removeEventListener('visibilitychange', onVisibility);
      letGo();
      channel?.close();
    },
    retarget() {
      void retarget?.();
    },
  };
}
