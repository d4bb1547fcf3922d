// What keeps public reads (lists, searches, pulls, snapshots) from starving writes and live
// delivery (docs/security.md "Read bounds"): the limits of the database's pools, the errors a
// read past them gets, the request a read runs for (so that a read whose client went away is
// not started), and, on PGlite's one connection, the lane that lets reads run only when no
// write or live read is waiting.
import { AsyncLocalStorage } from 'node:async_hooks';

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
  readConnections: 4,
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
 */
export class ReadLane {
  private urgentWork = 0;
  private reading = false;
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
    if (this.reading || this.urgentWork > 0 || this.waiting.length > 0) await this.wait();
    else this.reading = true;
    try {
      stillWanted();
      return await work();
    } finally {
      this.reading = false;
      this.next();
    }
  }

  private wait(): Promise<void> {
    if (this.waiting.length >= this.limits.queue) throw new PoolBusy();
    return new Promise<void>((resolve, reject) => {
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
  }

  private next() {
    if (this.reading || this.urgentWork > 0) return;
    const waiter = this.waiting.shift();
    if (!waiter) return;
    this.reading = true;
    waiter.start();
  }
}
