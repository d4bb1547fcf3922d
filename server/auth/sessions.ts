// Sessions: a random token, which the browser keeps in a cookie (session-cookie.ts); the
// database keeps only its SHA-256, so any server process on the same database accepts it.
// Nothing here knows HTTP: the routes hand in the token the request carries.
import { createHash, randomBytes } from 'node:crypto';
import type { SessionAccount } from '../core/session-account.ts';
import type { Database, Sql } from '../db/database.ts';

const SESSION_DAYS = 30;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A session just started: the token the browser keeps, and when it ends. */
export interface NewSession {
  token: string;
  expires: Date;
}

/**
 * Starts a session for the account. The session the browser had before (`previous`: a sign-in
 * over another account's, or over its own) ends: a token never outlives its use.
 */
export async function openSession(
  db: Sql,
  accountId: number,
  previous: string | undefined,
): Promise<NewSession> {
  if (previous) await closeSession(db, previous);
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(Date.now() + SESSION_DAYS * 24 * 3600 * 1000);
  await db.query('INSERT INTO sessions (token_hash, account_id, expires_at) VALUES ($1, $2, $3)', [
    hashToken(token),
    accountId,
    expires,
  ]);
  return { token, expires };
}

/** Ends the session of this token, if it is one. */
export async function closeSession(db: Sql, token: string | undefined): Promise<void> {
  if (token) await db.query('DELETE FROM sessions WHERE token_hash = $1', [hashToken(token)]);
}

/** The channel on which a commit that changed sessions or accounts is announced (005_*.sql). */
export const SESSIONS_CHANNEL = 'artmint_sessions';

/** A request's session, prepared once per connection (every signed-in request may ask). */
const SESSION_LOOKUP = {
  name: 'artmint_session',
  text: `SELECT a.id, a.email, a.name, s.expires_at FROM sessions s
         JOIN accounts a ON a.id = s.account_id
         WHERE s.token_hash = $1 AND s.expires_at > now()`,
};

/** Sessions a process keeps at most; past that it starts again from none. */
const MAX_KEPT = 10_000;

/** Which of these sessions are still open (not ended, not expired), and whose. */
const SESSIONS_OPEN = `SELECT token_hash, account_id FROM sessions
  WHERE token_hash = ANY($1::text[]) AND expires_at > now()`;
/** How soon after an announcement the open streams' sessions are checked (one read for all). */
const STREAM_CHECK_DELAY_MS = 100;
/** How often they are checked anyway: a session that expired, a missed announcement. */
export const STREAM_CHECK_EVERY_MS = 60_000;

/**
 * The signed-in account of a request, from the sessions this process has already checked. Every
 * request of a signed-in collector needs it, and reading it from the database each time was a
 * round trip of its own in every bid. A kept session is trusted only while this process listens
 * on SESSIONS_CHANNEL, where the database announces every commit that ends or changes a session
 * or an account (a trigger, whichever process or statement made it): each announcement forgets
 * everything kept, and so does a lost listening connection, until it is back. A lookup that
 * started before an announcement is answered but not kept, as it may have read the old row.
 */
export function sessionCache(db: Database) {
  const kept = new Map<string, { account: SessionAccount; expires: number }>();
  // null until listening: whether announcements reach this process now.
  let live: boolean | null = null;
  let generation = 0;
  let listening: Promise<() => Promise<void>> | null = null;
  // The live streams signed in with a session (the token's hash, its account, how to end it).
  const streams = new Set<{ hash: string; accountId: number; end: () => void }>();
  let checkSoon: ReturnType<typeof setTimeout> | null = null;
  let checkEvery: ReturnType<typeof setInterval> | null = null;
  /** Ends every stream whose session ended, expired or now belongs to nobody: one read. */
  const checkStreams = async () => {
    checkSoon = null;
    if (streams.size === 0) return;
    const hashes = [...new Set([...streams].map((s) => s.hash))];
    const { rows } = await db.query<{ token_hash: string; account_id: number }>(SESSIONS_OPEN, [
      hashes,
    ]);
    const open = new Map(rows.map((row) => [row.token_hash, row.account_id]));
    for (const stream of [...streams]) {
      if (open.get(stream.hash) !== stream.accountId) {
        streams.delete(stream);
        stream.end();
      }
    }
  };
  const scheduleCheck = () => {
    if (streams.size === 0) return;
    // A failed read is tried again at the next announcement or the next period.
    checkSoon ??= setTimeout(
      () => void checkStreams().catch(() => undefined),
      STREAM_CHECK_DELAY_MS,
    );
  };
  const forget = () => {
    kept.clear();
    generation += 1;
    scheduleCheck();
  };
  const listen = () => {
    listening ??= db
      .listen(
        SESSIONS_CHANNEL,
        () => {
          forget();
          live = true;
        },
        () => {
          forget();
          live = false;
        },
      )
      .then((stop) => {
        // PGlite announces nothing when it starts listening: it is live from here.
        live ??= true;
        return stop;
      });
    // Failed to listen: nothing is kept (live stays null), every lookup reads the database.
    listening.catch(() => undefined);
  };

  return {
    /** The account signed in with this token, or null (no token, unknown or expired session). */
    async account(token: string | undefined): Promise<SessionAccount | null> {
      if (!token || token.length > 100) return null;
      const hash = hashToken(token);
      const hit = live ? kept.get(hash) : undefined;
      if (hit && hit.expires > Date.now()) return hit.account;
      listen();
      const started = generation;
      const { rows } = await db.query<SessionAccount & { expires_at: Date }>(SESSION_LOOKUP, [
        hash,
      ]);
      const row = rows[0];
      if (!row) return null;
      const account = { id: row.id, email: row.email, name: row.name };
      if (live && generation === started) {
        if (kept.size >= MAX_KEPT) kept.clear();
        kept.set(hash, { account, expires: row.expires_at.getTime() });
      }
      return account;
    },
    /** Forgets every kept session: after this process's own change to sessions or accounts. */
    forget,
    /**
     * Ends `end`'s live stream, signed in to `accountId` with `token`, once that session is over:
     * signed out, its password changed or reset, the account deleted (announced, so checked
     * within moments) or expired (checked every STREAM_CHECK_EVERY_MS). Returns the unwatch.
     */
    watchStream(token: string | undefined, accountId: number, end: () => void): () => void {
      if (!token) {
        end();
        return () => undefined;
      }
      const stream = { hash: hashToken(token), accountId, end };
      streams.add(stream);
      checkEvery ??= setInterval(scheduleCheck, STREAM_CHECK_EVERY_MS);
      checkEvery.unref?.();
      return () => {
        streams.delete(stream);
        if (streams.size === 0 && checkEvery) {
          clearInterval(checkEvery);
          checkEvery = null;
        }
      };
    },
    async stop(): Promise<void> {
      if (checkSoon) clearTimeout(checkSoon);
      if (checkEvery) clearInterval(checkEvery);
      checkSoon = checkEvery = null;
      streams.clear();
      forget();
      live = false;
      const stop = await listening?.catch(() => null);
      await stop?.();
    },
  };
}

export type SessionCache = ReturnType<typeof sessionCache>;
