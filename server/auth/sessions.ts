// Sessions: a random token in an httpOnly, SameSite=Lax cookie (Secure over https); the
// database keeps only its SHA-256, so any server process on the same database accepts it.
import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Sql } from '../db/database.ts';

export const SESSION_COOKIE = 'artmint_session';
const SESSION_DAYS = 30;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export interface SessionAccount {
  id: number;
  email: string;
  name: string;
}

function isHttps(c: Context): boolean {
  return new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https';
}

/** Starts a session for the account and sets its cookie. */
export async function startSession(c: Context, db: Sql, accountId: number): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(Date.now() + SESSION_DAYS * 24 * 3600 * 1000);
  await db.query('INSERT INTO sessions (token_hash, account_id, expires_at) VALUES ($1, $2, $3)', [
    hashToken(token),
    accountId,
    expires,
  ]);
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(c),
    path: '/',
    expires,
  });
}

/** The signed-in account of this request, or null (no cookie, unknown or expired session). */
export async function sessionAccount(c: Context, db: Sql): Promise<SessionAccount | null> {
  const token = getCookie(c, SESSION_COOKIE);
  if (!token || token.length > 100) return null;
  const { rows } = await db.query<SessionAccount>(
    `SELECT a.id, a.email, a.name FROM sessions s JOIN accounts a ON a.id = s.account_id
     WHERE s.token_hash = $1 AND s.expires_at > now()`,
    [hashToken(token)],
  );
  return rows[0] ?? null;
}

/** Ends this request's session (if any) and clears its cookie. */
export async function endSession(c: Context, db: Sql): Promise<void> {
  const token = getCookie(c, SESSION_COOKIE);
  if (token) await db.query('DELETE FROM sessions WHERE token_hash = $1', [hashToken(token)]);
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: isHttps(c) });
}
