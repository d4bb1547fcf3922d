// The bounds of a public read (docs/security.md "Read bounds"): a budget per address (an IPv6
// address counted by its /64) and per signed-in account, answered 429 with Retry-After past it,
// and one fair gate for every search and list (gate.ts), answered 503 with Retry-After when its
// queue is full. A read runs for its request (read-lane.ts requestSignal), so that a request
// abandoned while it waits, or before its next statement, runs nothing more. A refusal is
// answered after a pause (`refusalPauseMs` on average): a client that asks again as soon as it is refused
// would otherwise have the server answer thousands of refusals a second, and a refusal costs
// the server's thread about what a small read does. At most REFUSALS_HELD_PER_ADDRESS of one
// address, and REFUSALS_HELD in all, wait at once; past those, a refusal is answered at once.
import type { Context, MiddlewareHandler } from 'hono';
import { READS_AT_ONCE_DEFAULT, requestSignal } from '../db/read-lane.ts';
import type { AppEnv } from './app-env.ts';
import { addressKey } from './client-key.ts';
import { Gate } from './gate.ts';
import { apiError, fixedWindow, tooMany, type RateLimit } from './guards.ts';

export interface ReadLimits {
  /** Reads per address (READS_PER_ADDRESS a minute). */
  perAddress: RateLimit;
  /** Reads per signed-in account, on top of its address's (READS_PER_ACCOUNT a minute). */
  perAccount: RateLimit;
  /** Reads run at once, shared fairly between addresses (READS_AT_ONCE). */
  atOnce: number;
  /** Reads waiting for a turn, shared fairly too (READS_WAITING); one more is answered 503. */
  waiting: number;
  /** How long a refused read (429 or 503) waits before its answer (READS_REFUSAL_PAUSE_MS). */
  refusalPauseMs: number;
}

/** Refusals held for their pause at once, per address and in all. */
export const REFUSALS_HELD_PER_ADDRESS = 256;
export const REFUSALS_HELD = 4096;

export const DEFAULT_READ_LIMITS: ReadLimits = {
  perAddress: { max: 2400, windowMs: 60_000 },
  perAccount: { max: 1200, windowMs: 60_000 },
  atOnce: READS_AT_ONCE_DEFAULT,
  waiting: 64,
  refusalPauseMs: 1000,
};

/**
 * Holds a refusal for `pauseMs` on average, within the bounds above; resolves at once past them.
 * Each pause is drawn between half and one and a half times `pauseMs`: refusals given together
 * (a flood's first burst) would otherwise come back together, a burst every `pauseMs` that the
 * server's thread answers all at once, while the other clients' requests wait behind it.
 */
function refusalPause(pauseMs: number) {
  const held = new Map<string, number>();
  let heldInAll = 0;
  return async (address: string) => {
    const mine = held.get(address) ?? 0;
    if (pauseMs <= 0 || mine >= REFUSALS_HELD_PER_ADDRESS || heldInAll >= REFUSALS_HELD) return;
    held.set(address, mine + 1);
    heldInAll += 1;
    try {
      await new Promise((resolve) => setTimeout(resolve, pauseMs * (0.5 + Math.random())));
    } finally {
      heldInAll -= 1;
      const left = (held.get(address) ?? 1) - 1;
      if (left > 0) held.set(address, left);
      else held.delete(address);
    }
  };
}

class ReadsBusy extends Error {}

/** The middleware that bounds the public reads of the route groups it is applied to. */
export function readGuard(
  limits: ReadLimits,
  clientAddress: (c: Context) => string,
): MiddlewareHandler<AppEnv> {
  const byAddress = fixedWindow(limits.perAddress);
  const byAccount = fixedWindow(limits.perAccount);
  const gate = new Gate(limits.atOnce, limits.waiting, () => new ReadsBusy());
  const pause = refusalPause(limits.refusalPauseMs);
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const address = addressKey(clientAddress(c));
    const account = c.get('account');
    const retry = byAddress.hit(address) ?? (account ? byAccount.hit(String(account.id)) : null);
    if (retry !== null) {
      await pause(address);
      return tooMany(c, retry, 'reads');
    }
    const signal = c.req.raw.signal;
    try {
      await gate.run(() => requestSignal.run(signal, next), address, signal);
    } catch (error) {
      if (!(error instanceof ReadsBusy)) throw error;
      await pause(address);
      c.header('Retry-After', '1');
      return apiError(c, 503, 'Too many reads at once. Try again in a moment.');
    }
  };
}
