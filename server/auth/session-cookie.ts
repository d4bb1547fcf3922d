// The session's cookie: httpOnly, SameSite=Lax, and Secure and named with the __Host- prefix
// when the server's origin is https (server/http/site.ts). The session itself is sessions.ts.
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../http/app-env.ts';
import type { NewSession } from './sessions.ts';

export const SESSION_COOKIE = 'artmint_session';
/** The cookie's name over https: the browser then keeps it only as Secure, host-only, path /. */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/** The cookie's name and Secure flag, from the server's origin (never from the request). */
function cookieOf(c: Context<AppEnv>): { name: string; secure: boolean } {
  const secure = c.get('site').secure;
  return { name: secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE, secure };
}

/** The session token this request carries, if any. */
export function sessionToken(c: Context<AppEnv>): string | undefined {
  return getCookie(c, cookieOf(c).name);
}

/** Hands the browser a session just started. */
export function setSessionCookie(c: Context<AppEnv>, session: NewSession): void {
  const cookie = cookieOf(c);
  setCookie(c, cookie.name, session.token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: cookie.secure,
    path: '/',
    expires: session.expires,
  });
}

/** Tells the browser to forget its session. */
export function clearSessionCookie(c: Context<AppEnv>): void {
  const cookie = cookieOf(c);
  deleteCookie(c, cookie.name, { path: '/', secure: cookie.secure });
}
