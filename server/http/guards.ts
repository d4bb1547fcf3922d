// Request guards shared by the API: a fixed-window rate limit, and the one shape of an error answer ({ error, fields }).
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

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

/** The answer past a limit: 429 with Retry-After and what to do. */
export function tooMany(c: Context, retrySeconds: number, what: string) {
  c.header('Retry-After', String(retrySeconds));
  return apiError(c, 429, `Too many ${what}. Wait a moment and try again.`);
}

/** Counts requests per key in fixed windows; answers 429 with Retry-After past the limit. */
export function rateLimiter(limit: RateLimit, keyOf: (c: Context) => string | null, what: string) {
  const counter = fixedWindow(limit);
  const middleware: MiddlewareHandler = async (c, next) => {
    const key = keyOf(c);
    const retry = key === null ? null : counter.hit(key);
    if (retry !== null) return tooMany(c, retry, what);
    await next();
  };
  return middleware;
}
