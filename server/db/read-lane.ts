// What keeps public reads (lists, searches, pulls, snapshots) from starving writes and live
// delivery (docs/security.md "Read bounds"): the limits of the database's pools, the errors a
// read past them gets, the request a read runs for (so that a read whose client went away is
// not started), and, on PGlite's one connection, the lane that lets reads run only when no
// write or live read is waiting.
import { AsyncLocalStorage } from 'node:async_hooks';
import { availableParallelism } from 'node:os';

/**
 * Public reads at once, by default: one fewer than this machine's cores, 1 to 4. Reads that
 * run at once share the cores with the writes and the server's thread, and the database has no
 * priority between its connections: on 2 cores, 4 reads at once made other addresses' bids wait
 * (p50 18 ms under a flood of reads, against 5 ms with one at once).
 */
export const READS_AT_ONCE_DEFAULT = Math.min(4, Math.max(1, availableParallelism() - 1));

export interface PoolLimits {
  /** Connections of the public reads' own pool on PostgreSQL (READ_POOL_SIZE). */
  readConnections: number;
  /** Requests waiting for a connection, per pool (POOL_QUEUE); one more is answered 503. */
  queue: number;
  /** How long a request waits for a connection (POOL_WAIT_MS; 0: no limit); then 503. */
  waitMs: number;
  /** How long one public read's statement may run on PostgreSQL (READ_STATEMENT_MS). */
  readStatementMs: number;
}

export const DEFAULT_POOL_LIMITS: PoolLimits = {
  readConnections: READS_AT_ONCE_DEFAULT,
  queue: 256,
  waitMs: 5000,
  readStatementMs: 5000,
};

/** A pool's queue is full, or a read waited past POOL_WAIT_MS: answered 503 with Retry-After. */
export class PoolBusy extends Error {
  constructor() {
    super('The database is busy');
    this.name = 'PoolBusy';
  }
}

/** The client of the request went away before its work started: the work is not done. */
export class Abandoned extends Error {
  constructor() {
    super('The request was abandoned');
    this.name = 'Abandoned';
  }
}

/** The signal of the request a public read runs for (set by the API around its read routes). */
export const requestSignal = new AsyncLocalStorage<AbortSignal>();

/** Throws Abandoned when the current request's client is gone. */
export function stillWanted(): void {
  if (requestSignal.getStore()?.aborted) throw new Abandoned();
}

/**
 * PGlite's one connection, shared in order of need: urgent work (writes, the log's newest
 * sequence, the event hub's reads) goes straight to the database; a public read waits until no
 * urgent work is in flight and no other read runs, so it queues behind them, never ahead. At
 * most `limits.queue` reads wait, each at most `limits.waitMs`; past either, PoolBusy.
 *
 * PGlite runs a statement on this process's thread, within the turn of the event loop that
 * asked for it: a read started at once would answer its request before the next request is even
 * read off its socket, so a flood of reads would be served one whole request after another, in
 * the order they arrived, with a bid behind all of them (and no queue would ever fill). So every
 * read waits for a turn, given on the event loop's check phase (setImmediate), after it has read
 * what arrived: a read runs only once the requests that came meanwhile have joined the queue
 * (or been refused by a full one), and urgent work among them goes first.
 */
export class ReadLane {
  private urgentWork = 0;
  private reading = false;
  /** The next read's turn is given on the event loop's next check phase (setImmediate). */
  private turnGiven = false;
  private readonly waiting: { start: () => void }[] = [];

  constructor(private readonly limits: PoolLimits) {}

  async urgent<T>(work: () => Promise<T>): Promise<T> {
    this.urgentWork += 1;
    try {
      return await work();
    } finally {
      this.urgentWork -= 1;
      this.next();
    }
  }

  async read<T>(work: () => Promise<T>): Promise<T> {
    stillWanted();
    await this.turn();
    try {
      stillWanted();
      return await work();
    } finally {
      this.reading = false;
      this.next();
    }
  }

  private turn(): Promise<void> {
    if (this.waiting.length >= this.limits.queue) throw new PoolBusy();
    const turn = new Promise<void>((resolve, reject) => {
      const timer =
        this.limits.waitMs > 0
          ? setTimeout(() => {
              this.waiting.splice(this.waiting.indexOf(waiter), 1);
              reject(new PoolBusy());
            }, this.limits.waitMs)
          : undefined;
      const waiter = {
        start: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      this.waiting.push(waiter);
    });
    this.next();
    return turn;
  }

  private next() {
    if (this.reading || this.turnGiven || this.urgentWork > 0 || this.waiting.length === 0) return;
    this.turnGiven = true;
    setImmediate(() => {
      this.turnGiven = false;
      // Urgent work that came meanwhile runs first; its end calls next() again.
      if (this.reading || this.urgentWork > 0) return;
      const waiter = this.waiting.shift();
      if (!waiter) return;
      this.reading = true;
      waiter.start();
    });
  }
}
