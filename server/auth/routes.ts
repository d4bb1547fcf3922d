// /api/auth: signup, login, logout, the session, change password, delete account and reset
// password by a one-time token sent by mail. Inputs are checked with the account forms' own
// validators (src/features/account/validation.ts), so the app and the server say the same.
import { Hono } from 'hono';
import * as v from 'valibot';
import {
  validateChangePassword,
  validateLogin,
  validateNewPassword,
  validateResetRequest,
  validateSignup,
  type FieldErrors,
} from '../../src/features/account/validation.ts';
import { STORABLE_TEXT } from '../../src/data/sync/protocol.ts';
import type { Database } from '../db/database.ts';
import type { AppEnv } from '../http/app-env.ts';
import { BadRequest, readJson } from '../http/body.ts';
import { apiError, tooMany, type WindowCounter } from '../http/guards.ts';
import { clientAddress } from '../http/site.ts';
import type { Mailer } from '../mail.ts';
import type { SitePolicy } from '../http/site.ts';
import { deleteAccountData } from './delete-account.ts';
import { decoyHash, hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import { resetRequests } from './reset-requests.ts';
import { endSession, hashToken, startSession, type SessionAccount } from './sessions.ts';

const text = (max = 1000) =>
  v.pipe(v.string(), v.maxLength(max, 'This value is too long.'), STORABLE_TEXT);

const SignupBody = v.object({ name: text(), email: text(), password: text(), terms: v.boolean() });
const LoginBody = v.object({ email: text(), password: text() });
const ChangePasswordBody = v.object({ oldPassword: text(), newPassword: text() });
const DeleteBody = v.object({ password: text() });
const ResetRequestBody = v.object({ email: text() });
const ResetBody = v.object({ token: text(200), password: text() });

const normalizeEmail = (email: string) => email.trim().toLowerCase();
const publicAccount = (a: SessionAccount) => ({ id: a.id, email: a.email, name: a.name });

function refuseIfAny(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw new BadRequest('Check the highlighted fields.', errors);
}

export const WRONG_LOGIN = 'Wrong email or password.';

export function authRoutes(
  db: Database,
  mailer: Mailer,
  site: SitePolicy,
  log: (line: string) => void,
  /** Sign-in attempts, counted per account and address together. */
  attempts: WindowCounter,
) {
  const app = new Hono<AppEnv>();
  const resets = resetRequests(db, mailer, site.origin, log);

  // Who this browser is signed in as: `{ account: null }` for nobody. Not a 401: asking is no
  // error, and the app asks whenever it needs to know.
  app.get('/session', (c) => {
    const account = c.get('account');
    c.header('Cache-Control', 'no-store');
    return c.json({ account: account ? publicAccount(account) : null });
  });

  app.post('/signup', async (c) => {
    const body = await readJson(c, SignupBody);
    refuseIfAny(validateSignup(body));
    const email = normalizeEmail(body.email);
    const passwordHash = await hashPassword(body.password);
    const account = await db.transaction(async (tx) => {
      const { rows } = await tx.query<SessionAccount>(
        `INSERT INTO accounts (email, name, password_hash) VALUES ($1, $2, $3)
         ON CONFLICT (email) DO NOTHING RETURNING id, email, name`,
        [email, body.name.trim(), passwordHash],
      );
      const created = rows[0];
      if (created) await startSession(c, tx, created.id);
      return created ?? null;
    });
    if (!account) {
      return apiError(c, 409, 'An account with this email already exists.', {
        email: 'An account with this email already exists. Log in instead.',
      });
    }
    return c.json({ account: publicAccount(account) }, 201);
  });

  app.post('/login', async (c) => {
    const body = await readJson(c, LoginBody);
    refuseIfAny(validateLogin(body));
    const email = normalizeEmail(body.email);
    const retry = await attempts.hit(`${clientAddress(site, c)} ${email}`);
    if (retry !== null) return tooMany(c, retry, 'sign-in attempts for this account');
    const { rows } = await db.query<SessionAccount & { password_hash: string }>(
      'SELECT id, email, name, password_hash FROM accounts WHERE email = $1',
      [email],
    );
    const found = rows[0];
    const ok = await verifyPassword(body.password, found?.password_hash ?? (await decoyHash()));
    if (!found || !ok) return apiError(c, 401, WRONG_LOGIN, { password: WRONG_LOGIN });
    if (needsRehash(found.password_hash)) {
      // Made at an older, lower cost: made again at today's, now that the password is known.
      await db.query(
        'UPDATE accounts SET password_hash = $1 WHERE id = $2 AND password_hash = $3',
        [await hashPassword(body.password), found.id, found.password_hash],
      );
    }
    await startSession(c, db, found.id);
    return c.json({ account: publicAccount(found) });
  });

  app.post('/logout', async (c) => {
    await endSession(c, db);
    return c.body(null, 204);
  });

  app.post('/password', async (c) => {
    const account = c.get('account');
    if (!account) return apiError(c, 401, 'Sign in to change your password.');
    const body = await readJson(c, ChangePasswordBody);
    refuseIfAny(validateChangePassword({ ...body, confirmPassword: body.newPassword }));
    const { rows } = await db.query<{ password_hash: string }>(
      'SELECT password_hash FROM accounts WHERE id = $1',
      [account.id],
    );
    if (!rows[0] || !(await verifyPassword(body.oldPassword, rows[0].password_hash))) {
      return apiError(c, 403, 'The old password is wrong.', {
        oldPassword: 'The old password is wrong.',
      });
    }
    const hash = await hashPassword(body.newPassword);
    await db.transaction(async (tx) => {
      await tx.query('UPDATE accounts SET password_hash = $1, updated_at = now() WHERE id = $2', [
        hash,
        account.id,
      ]);
      // Every other session and every reset token of the account ends; this session is
      // replaced by a fresh one.
      await tx.query('DELETE FROM sessions WHERE account_id = $1', [account.id]);
      await tx.query('DELETE FROM reset_tokens WHERE account_id = $1', [account.id]);
      await startSession(c, tx, account.id);
    });
    return c.body(null, 204);
  });

  app.post('/delete', async (c) => {
    const account = c.get('account');
    if (!account) return apiError(c, 401, 'Sign in to delete your account.');
    const body = await readJson(c, DeleteBody);
    const { rows } = await db.query<{ password_hash: string }>(
      'SELECT password_hash FROM accounts WHERE id = $1',
      [account.id],
    );
    if (!rows[0] || !(await verifyPassword(body.password, rows[0].password_hash))) {
      return apiError(c, 403, 'The password is wrong.', { password: 'The password is wrong.' });
    }
    await db.transaction((tx) => deleteAccountData(tx, account));
    // The session is already gone with the account; this clears the cookie.
    await endSession(c, db);
    return c.body(null, 204);
  });

  app.post('/reset-request', async (c) => {
    const body = await readJson(c, ResetRequestBody);
    refuseIfAny(validateResetRequest(body.email));
    // The same answer, in the same time, whether or not the email has an account: the work is
    // done after answering (reset-requests.ts).
    if (!resets.add(normalizeEmail(body.email))) {
      c.header('Retry-After', '60');
      return apiError(c, 503, 'Too many reset requests right now. Try again in a minute.');
    }
    return c.json({ sent: true }, 202);
  });

  app.post('/reset', async (c) => {
    const body = await readJson(c, ResetBody);
    refuseIfAny(
      Object.fromEntries(
        [['password', validateNewPassword(body.password)] as const].filter(([, m]) => m),
      ) as FieldErrors,
    );
    const invalid = () =>
      apiError(c, 400, 'This reset link has expired or was already used. Ask for a new one.', {
        token: 'This reset link has expired or was already used.',
      });
    // The token first: a wrong one costs a lookup, never a password hash.
    const tokenHash = hashToken(body.token);
    const { rows: found } = await db.query(
      'SELECT 1 FROM reset_tokens WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()',
      [tokenHash],
    );
    if (found.length === 0) return invalid();
    const hash = await hashPassword(body.password);
    const done = await db.transaction(async (tx) => {
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
      // Every session and every other reset token of the account ends with the old password.
      await tx.query('DELETE FROM sessions WHERE account_id = $1', [accountId]);
      await tx.query('DELETE FROM reset_tokens WHERE account_id = $1 AND token_hash <> $2', [
        accountId,
        tokenHash,
      ]);
      return true;
    });
    if (!done) return invalid();
    return c.body(null, 204);
  });

  return Object.assign(app, { idle: () => resets.idle() });
}
