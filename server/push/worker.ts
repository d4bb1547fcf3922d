// The push delivery worker (docs/sync.md "Web Push delivery"): after each commit that wrote a
// notification (the account logs' announcement, from this process or another; those that come
// within `gapMs` of a cycle's end go together in the next) and at least every `pollMs`, it
// queues the new notifications' deliveries (deliveries.ts), then takes the due ones a batch at
// a time and sends them, a few at once, each settled once its push service answered. It never
// runs inside the event's transaction.
import { serialRunner } from '../../shared/serial-runner.ts';
import { isDatabaseDown, type Database } from '../db/database.ts';
import {
  claimDeliveries,
  queueDeliveries,
  settleDeliveries,
  type Claimed,
  type Settled,
} from './deliveries.ts';
import type { VapidKeys } from './keys.ts';
import { sendDelivery, vapidSigner } from './send.ts';

/** The channel the account logs announce their commits on (artmint_flush_account_changes). */
const ACCOUNT_CHANGES_CHANNEL = 'artmint_account_changes';

export interface PushWorkerOptions {
  keys: () => Promise<VapidKeys>;
  /** Origins sent to even if not https (PUSH_ALLOW_ORIGINS; endpoint.ts). */
  allowOrigins: readonly string[];
  log: (line: string) => void;
  /** The longest wait between two looks (another process's deliveries, retries). */
  pollMs?: number;
  /** How long a taken delivery is this worker's before another may take it again. */
  leaseMs?: number;
  /** Deliveries taken per statement. */
  batch?: number;
  /** Log entries read per statement. */
  queueBatch?: number;
  /** Sends at once. */
  concurrency?: number;
  /**
   * The pause after each cycle, wakes meanwhile folding into the next: at a high rate of
   * notifications, one cycle's statements serve several commits' instead of each its own (what
   * the embedded database's one connection needs), for at most this much more before a push.
   */
  gapMs?: number;
  timeoutMs?: number;
}

export interface PushWorker {
  /** Runs a cycle now (and resolves when one that began after this call is over). */
  wake(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Settles sends in groups: an outcome waits while a group's statement runs, and every outcome
 * that arrived meanwhile goes in the next one (one statement for several sends, not one each).
 * Each send's lane waits for its own settling, so no more sends than run at once are ever sent
 * and not yet settled (what a crash may send again).
 */
export function groupSettler(db: Database) {
  let waiting: { settled: Settled; done: () => void; failed: (error: unknown) => void }[] = [];
  let flushing = false;
  const flush = async () => {
    flushing = true;
    while (waiting.length > 0) {
      const group = waiting;
      waiting = [];
      try {
        await settleDeliveries(
          db,
          group.map((entry) => entry.settled),
        );
        for (const entry of group) entry.done();
      } catch (error) {
        for (const entry of group) entry.failed(error);
      }
    }
    flushing = false;
  };
  return (settled: Settled) =>
    new Promise<void>((done, failed) => {
      waiting.push({ settled, done, failed });
      if (!flushing) void flush();
    });
}

/** Runs `work` on each of `items`, at most `limit` at once. */
async function eachAtMost<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

export function startPushWorker(db: Database, options: PushWorkerOptions): PushWorker {
  const { log, pollMs = 1000, leaseMs = 30_000, batch = 100, concurrency = 8 } = options;
  const { queueBatch = 500, gapMs = 100 } = options;
  let stopped = false;
  let endGap: () => void = () => undefined;
  const gap = () =>
    new Promise<void>((done) => {
      const timer = setTimeout(done, gapMs);
      endGap = () => {
        clearTimeout(timer);
        done();
      };
    });
  const sign = vapidSigner();
  const settle = groupSettler(db);
  const cycle = async () => {
    while (!stopped && (await queueDeliveries(db, queueBatch)) === queueBatch);
    const keys = await options.keys();
    const { allowOrigins, timeoutMs } = options;
    const settings = { keys, allowOrigins, timeoutMs, sign };
    let taken: Claimed[] = [];
    do {
      if (stopped) return;
      taken = await claimDeliveries(db, batch, leaseMs);
      await eachAtMost(taken, concurrency, async (claimed) => {
        await settle({ claimed, outcome: await sendDelivery(claimed, settings) });
      });
    } while (taken.length === batch);
    if (!stopped && gapMs > 0) await gap();
  };
  const runner = serialRunner(cycle, {
    onError: (error) => {
      if (stopped) return;
      // A database restarting is the API's 503 too: the same one line, and the next wake retries.
      if (isDatabaseDown(error)) log('push delivery: database unavailable');
      else
        log(
          `push delivery failed, retrying: ${String((error as Error)?.message ?? error).split('\n')[0]}`,
        );
    },
    mayRepeat: () => !stopped,
  });
  const wake = () => (stopped ? Promise.resolve() : runner.run());
  const timer = setInterval(() => void wake(), pollMs);
  const listening = db.listen(ACCOUNT_CHANGES_CHANNEL, () => void wake());
  listening.catch(() => undefined);
  void wake();
  return {
    wake,
    async stop() {
      stopped = true;
      endGap();
      clearInterval(timer);
      await listening.then((unlisten) => unlisten()).catch(() => undefined);
      await runner.running;
    },
  };
}
