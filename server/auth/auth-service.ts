// What /api/auth does, apart from HTTP: sign-up, sign-in, sign-out, the password change,
// account deletion, and the password reset by a one-time token sent by mail. The routes
// (routes.ts) parse a request, call one of these, and answer; here nothing knows of Hono,
// cookies or status codes. A session goes in and out as its token (sessions.ts): the one the
// browser had (`previous`), ended when another starts, and the one just started.
import type { SessionAccount } from '../core/session-account.ts';
import type { Database } from '../db/database.ts';
import type { Mailer } from '../mail.ts';
import { deleteAccountData } from './delete-account.ts';
import { decoyHash, hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import { resetRequests } from './reset-requests.ts';
import { closeSession, hashToken, openSession, type NewSession } from './sessions.ts';

/** Emails are compared trimmed and in lower case. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** An account signed in, and its new session. */
export interface SignedIn {
  account: SessionAccount;
  session: NewSession;
}

export interface SignUp {
  name: string;
  email: string;
  password: string;
}

export function authService(
  db: Database,
  mailer: Mailer,
  /** The server's own origin, which reset links point to. */
  origin: string,
  log: (line: string) => void,
) {
  const resets = resetRequests(db, mailer, origin, log);

  /** True when `password` is the account's. */
  async function isPassword(accountId: number, password: string): Promise<boolean> {
    const { rows } = await db.query<{ password_hash: string }>(
      'SELECT password_hash FROM accounts WHERE id = $1',
      [accountId],
    );
    return rows[0] !== undefined && (await verifyPassword(password, rows[0].password_hash));
  }

  return {
    /** A new account, signed in; null when the email already has one. */
    async signUp(input: SignUp, previous: string | undefined): Promise<SignedIn | null> {
      const passwordHash = await hashPassword(input.password);
      return db.transaction(async (tx) => {
        const { rows } = await tx.query<SessionAccount>(
          `INSERT INTO accounts (email, name, password_hash) VALUES ($1, $2, $3)
           ON CONFLICT (email) DO NOTHING RETURNING id, email, name`,
          [normalizeEmail(input.email), input.name.trim(), passwordHash],
        );
        const account = rows[0];
        if (!account) return null;
        return { account, session: await openSession(tx, account.id, previous) };
      });
    },

    /**
     * The account of this email and password, signed in; null when either is wrong. An
     * unknown email costs a password check too, so timing does not tell which emails exist.
     */
    async signIn(
      email: string,
      password: string,
      previous: string | undefined,
    ): Promise<SignedIn | null> {
      const { rows } = await db.query<SessionAccount & { password_hash: string }>(
        'SELECT id, email, name, password_hash FROM accounts WHERE email = $1',
        [normalizeEmail(email)],
      );
      const found = rows[0];
      const ok = await verifyPassword(password, found?.password_hash ?? (await decoyHash()));
      if (!found || !ok) return null;
      if (needsRehash(found.password_hash)) {
        // Made at an older, lower cost: made again at today's, now that the password is known.
        await db.query(
          'UPDATE accounts SET password_hash = $1 WHERE id = $2 AND password_hash = $3',
          [await hashPassword(password), found.id, found.password_hash],
        );
      }
      const account = { id: found.id, email: found.email, name: found.name };
      return { account, session: await openSession(db, found.id, previous) };
    },

    /** Ends the session of this token, if any. */
    signOut: (token: string | undefined) => closeSession(db, token),

    /**
     * A new password; null when the old one is wrong. Every session and every reset token of
     * the account ends, and the session `previous` is replaced by the new one returned.
     */
    async changePassword(
      accountId: number,
      oldPassword: string,
      newPassword: string,
      previous: string | undefined,
    ): Promise<NewSession | null> {
      if (!(await isPassword(accountId, oldPassword))) return null;
      const hash = await hashPassword(newPassword);
      return db.transaction(async (tx) => {
        await tx.query('UPDATE accounts SET password_hash = $1, updated_at = now() WHERE id = $2', [
          hash,
          accountId,
        ]);
        await tx.query('DELETE FROM sessions WHERE account_id = $1', [accountId]);
        await tx.query('DELETE FROM reset_tokens WHERE account_id = $1', [accountId]);
        return openSession(tx, accountId, previous);
      });
    },

    /**
     * Deletes the account (delete-account.ts) when `password` is its own; false when it is
     * wrong. Its sessions go with it; `token`'s is ended too, should it outlive the account.
     */
    async deleteAccount(
      account: SessionAccount,
      password: string,
      token: string | undefined,
    ): Promise<boolean> {
      if (!(await isPassword(account.id, password))) return false;
      await db.transaction((tx) => deleteAccountData(tx, account));
      await closeSession(db, token);
      return true;
    },

    /**
     * Queues a reset mail for this email, whether or not it has an account: the same answer in
     * the same time either way, the work done later (reset-requests.ts). False when the queue
     * is full.
     */
    requestReset: (email: string) => resets.add(normalizeEmail(email)),

    /**
     * Sets the password of the account this reset token was sent for, once; false when the
     * token is unknown, expired or used. Every session and every other reset token of the
     * account ends with the old password.
     */
    async resetPassword(token: string, password: string): Promise<boolean> {
      // The token first: a wrong one costs a lookup, never a password hash.
      const tokenHash = hashToken(token);
      const { rows: found } = await db.query(
        'SELECT 1 FROM reset_tokens WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()',
        [tokenHash],
      );
      if (found.length === 0) return false;
      const hash = await hashPassword(password);
      return db.transaction(async (tx) => {
        const { rows } = await tx.query<{ account_id: number }>(
          `UPDATE reset_tokens SET used_at = now()
           WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING account_id`,
          [tokenHash],
        );
        const accountId = rows[0]?.account_id;
        if (accountId === undefined) return false;
        await tx.query('UPDATE accounts SET password_hash = $1, updated_at = now() WHERE id = $2', [
          hash,
          accountId,
        ]);
        await tx.query('DELETE FROM sessions WHERE account_id = $1', [accountId]);
        await tx.query('DELETE FROM reset_tokens WHERE account_id = $1 AND token_hash <> $2', [
          accountId,
          tokenHash,
        ]);
        return true;
      });
    },

    /** Resolves once every queued reset request has been worked off. */
    idle: () => resets.idle(),
  };
}

export type AuthService = ReturnType<typeof authService>;
