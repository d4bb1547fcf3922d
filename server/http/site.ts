// The one origin the server knows (docs/security.md): every link it writes is built on it, only
// requests for its host are answered (so a forged Host can neither put another site in a mail
// nor reach the server through DNS rebinding), writes must come from it, and its scheme decides
// the session cookie's Secure flag and __Host- prefix. X-Forwarded-For is read only as far as
// TRUST_PROXY says proxies stand in front.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.ts';
import { apiError } from './guards.ts';

export interface SitePolicy {
  /** PUBLIC_ORIGIN, or http://localhost:PORT when it is unset. */
  origin: string;
  /** Whether the origin was configured: then writes must name exactly it. */
  configured: boolean;
  /** The Host header values answered (as URL.host spells them). */
  hosts: ReadonlySet<string>;
  /** Over https: the session cookie is Secure and __Host- prefixed. */
  secure: boolean;
  /** How many proxies in front append to X-Forwarded-For (0: none, the header is ignored). */
  trustProxy: number;
}

export interface SiteOptions {
  publicOrigin?: string | undefined;
  port?: number | undefined;
  trustProxy?: number | undefined;
}

/** The policy for a configuration; throws a clear message for a PUBLIC_ORIGIN that is no origin. */
export function sitePolicy({ publicOrigin, port = 4173, trustProxy = 0 }: SiteOptions): SitePolicy {
  if (publicOrigin) {
    let url: URL;
    try {
      url = new URL(publicOrigin);
    } catch {
      throw new Error(`PUBLIC_ORIGIN must be an origin such as https://artmint.example`);
    }
    if (!/^https?:$/.test(url.protocol) || url.origin !== publicOrigin.replace(/\/$/, '')) {
      throw new Error(
        `PUBLIC_ORIGIN must be an origin (scheme, host and port only) such as https://artmint.example`,
      );
    }
    return {
      origin: url.origin,
      configured: true,
      hosts: new Set([url.host]),
      secure: url.protocol === 'https:',
      trustProxy,
    };
  }
  const hosts = ['localhost', '127.0.0.1', '[::1]'].map(
    (name) => new URL(`http://${name}:${port}`).host,
  );
  return {
    origin: `http://localhost:${port}`,
    configured: false,
    hosts: new Set(hosts),
    secure: false,
    trustProxy,
  };
}

/** Answers only requests whose Host is the site's (421 otherwise, before anything else runs). */
export function hostGuard(site: SitePolicy): MiddlewareHandler {
  return async (c, next) => {
    let host: string | null = null;
    try {
      host = new URL(c.req.url).host;
    } catch {
      // An unparseable URL is no host of ours.
    }
    if (host === null || !site.hosts.has(host)) {
      return apiError(c, 421, 'This server does not answer for that host name.');
    }
    await next();
  };
}

/** The origin a write must come from: the configured one, or this loopback host's own. */
export function expectedOrigin(site: SitePolicy, c: Context): string {
  return site.configured ? site.origin : new URL(c.req.url).origin;
}

/**
 * The client's address: the socket's, or with TRUST_PROXY = n the address the n-th proxy from
 * us was connected from (read from the right of X-Forwarded-For, which a client can write the
 * left of but never the right).
 */
export function clientAddress(site: SitePolicy, c: Context): string {
  let socket = 'unknown';
  try {
    socket = getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // app.request() in tests has no socket.
  }
  if (site.trustProxy <= 0) return socket;
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const chain = [...forwarded, socket];
  return chain[Math.max(0, chain.length - 1 - site.trustProxy)] ?? socket;
}

const UNSAFE = /^(POST|PUT|PATCH|DELETE)$/;

/**
 * Writes only from the app's own origin: the browser's Origin (or Sec-Fetch-Site: same-origin)
 * must name this server's origin (site.ts), never one taken from the request alone.
 */
export function sameOriginWrites(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (UNSAFE.test(c.req.method)) {
      const origin = c.req.header('origin');
      const own = expectedOrigin(c.get('site'), c);
      const sameSite = c.req.header('sec-fetch-site') === 'same-origin';
      if (origin ? origin !== own : !sameSite) {
        return apiError(c, 403, 'Writes are accepted only from the Artmint app itself.');
      }
    }
    await next();
  };
}
