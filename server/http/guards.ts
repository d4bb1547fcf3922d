// Request guards shared by the API: the same-origin check on writes, a fixed-window rate limit,
// and the one shape of an error answer ({ error, fields }).
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

const UNSAFE = /^(POST|PUT|PATCH|DELETE)$/;

/**
 * Writes only from the app's own origin: the browser's Origin (or Sec-Fetch-Site: same-origin)
 * must name this server. `publicOrigin` is the origin collectors use when a proxy in front
 * rewrites the Host; by default the request's own.
 */
export function sameOriginWrites(publicOrigin?: string): MiddlewareHandler {
  return async (c, next) => {
    if (UNSAFE.test(c.req.method)) {
      const origin = c.req.header('origin');
      const own = publicOrigin ?? new URL(c.req.url).origin;
      const sameSite = c.req.header('sec-fetch-site') === 'same-origin';
      if (origin ? origin !== own : !sameSite) {
        return apiError(c, 403, 'Writes are accepted only from the Artmint app itself.');
      }
    }
    await next();
  };
}

export interface RateLimit {
  /** Requests allowed per window; 0 turns the limit off. */
  max: number;
  windowMs: number;
}

/** Counts requests per key in fixed windows; answers 429 with Retry-After past the limit. */
export function rateLimiter(limit: RateLimit, keyOf: (c: Context) => string | null, what: string) {
  const windows = new Map<string, { start: number; count: number }>();
  const middleware: MiddlewareHandler = async (c, next) => {
    const key = keyOf(c);
    if (limit.max > 0 && key !== null) {
      const now = Date.now();
      let window = windows.get(key);
      if (!window || now - window.start >= limit.windowMs) {
        if (windows.size > 50_000) windows.clear();
        window = { start: now, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      if (window.count > limit.max) {
        const retry = Math.ceil((window.start + limit.windowMs - now) / 1000);
        c.header('Retry-After', String(Math.max(1, retry)));
        return apiError(c, 429, `Too many ${what}. Wait a moment and try again.`);
      }
    }
    await next();
  };
  return middleware;
}
