// Request guards shared by the API: a fixed-window rate limit, and the one shape of an error answer ({ error, fields }).
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Sql } from '../db/database.ts';

export function apiError(
  c: Context,
  status: ContentfulStatusCode,
  error: string,
  fields?: Record<string, string>,
) {
  return c.json(fields ? { error, fields } : { error }, status);
}

export interface RateLimit {
  /** Requests allowed per window; 0 turns the limit off. */
  max: number;
  windowMs: number;
}

/**
 * Counts hits per key in fixed windows: `hit` answers null while under the limit, else the
 * seconds until the key's window ends. Holds at most 50,000 keys (then starts afresh).
 */
export function fixedWindow(limit: RateLimit) {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    /** Counts `weight` hits (a push counts each of its mutations). */
    hit(key: string, weight = 1): number | null {
      if (limit.max <= 0) return null;
      const now = Date.now();
      let window = windows.get(key);
      if (!window || now - window.start >= limit.windowMs) {
        if (windows.size > 50_000) windows.clear();
        window = { start: now, count: 0 };
        windows.set(key, window);
      }
      window.count += weight;
      if (window.count <= limit.max) return null;
      return Math.max(1, Math.ceil((window.start + limit.windowMs - now) / 1000));
    },
  };
}

/** A window counter that answers as fixedWindow does, wherever it keeps its counts. */
export interface WindowCounter {
  hit(key: string, weight?: number): number | null | Promise<number | null>;
}

/**
 * Counts in the database, so that every server process on one PostgreSQL shares the count
 * (rate_limits, migration 008; artmint_count_write, 009): one statement a hit, for limits off the hot path (sign-in,
 * sign-up, reset requests). `name` keeps each limit's keys apart.
 */
export function sharedWindow(db: Sql, limit: RateLimit, name: string): WindowCounter {
  return {
    async hit(key, weight = 1) {
      if (limit.max <= 0) return null;
      // The same count a write makes in its own statement (artmint_count_write, migration 009).
      const { rows } = await db.query<{ retry: number | null }>(
        'SELECT artmint_count_write($1::text, $2::int, $3::int, $4::float8) AS retry',
        [`${name}:${key}`, weight, limit.max, limit.windowMs / 1000],
      );
      return rows[0]?.retry ?? null;
    },
  };
}

/**
 * The write limit as a write counts it in its own request on PostgreSQL (migration 009):
 * `key` is the same as sharedWindow's `writes:<account or address>`.
 */
export interface WriteLimit {
  key: string;
  max: number;
  windowSecs: number;
}

/** A write the limit refused: nothing of it was done; come back in `retry` seconds. */
export class WriteLimited extends Error {
  constructor(
    readonly retry: number,
    /** What the 429 says. */
    readonly words = 'Too many changes at once. Wait a moment and try again.',
  ) {
    super(words);
    this.name = 'WriteLimited';
  }
}

/** The answer past a limit: 429 with Retry-After and what to do. */
export function tooMany(c: Context, retrySeconds: number, what: string) {
  c.header('Retry-After', String(retrySeconds));
  return apiError(c, 429, `Too many ${what}. Wait a moment and try again.`);
}

/** Counts requests per key in fixed windows; answers 429 with Retry-After past the limit. */
export function rateLimiter(
  counter: WindowCounter,
  keyOf: (c: Context) => string | null,
  what: string,
) {
  const middleware: MiddlewareHandler = async (c, next) => {
    const key = keyOf(c);
    const retry = key === null ? null : await counter.hit(key);
    if (retry !== null) return tooMany(c, retry, what);
    await next();
  };
  return middleware;
}
