// /api/auth: signup, login, logout, the session, change password, delete account and reset
// password by a one-time token sent by mail. Each route parses its request, calls the auth
// service (auth-service.ts, which knows nothing of HTTP) and answers. Inputs are checked with
// the account forms' own validators (shared/account-validation.ts), so the app and the
// server say the same.
import { Hono } from 'hono';
import * as v from 'valibot';
import {
  validateChangePassword,
  validateLogin,
  validateNewPassword,
  validateResetRequest,
  validateSignup,
  type FieldErrors,
} from '../../shared/account-validation.ts';
import { STORABLE_TEXT } from '../../shared/protocol.ts';
import type { Database } from '../db/database.ts';
import type { AppEnv } from '../http/app-env.ts';
import { BadRequest, readJson } from '../http/body.ts';
import { apiError, tooMany, type WindowCounter } from '../http/guards.ts';
import { clientAddress, type SitePolicy } from '../http/site.ts';
import type { Mailer } from '../mail.ts';
import { authService, normalizeEmail } from './auth-service.ts';
import { clearSessionCookie, sessionToken, setSessionCookie } from './session-cookie.ts';
import type { SessionAccount } from '../core/session-account.ts';

const text = (max = 1000) =>
  v.pipe(v.string(), v.maxLength(max, 'This value is too long.'), STORABLE_TEXT);

const SignupBody = v.object({ name: text(), email: text(), password: text(), terms: v.boolean() });
const LoginBody = v.object({ email: text(), password: text() });
const ChangePasswordBody = v.object({ oldPassword: text(), newPassword: text() });
const DeleteBody = v.object({ password: text() });
const ResetRequestBody = v.object({ email: text() });
const ResetBody = v.object({ token: text(200), password: text() });

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
  const auth = authService(db, mailer, site.origin, log);

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
    const signedIn = await auth.signUp(body, sessionToken(c));
    if (!signedIn) {
      return apiError(c, 409, 'An account with this email already exists.', {
        email: 'An account with this email already exists. Log in instead.',
      });
    }
    setSessionCookie(c, signedIn.session);
    return c.json({ account: publicAccount(signedIn.account) }, 201);
  });

  app.post('/login', async (c) => {
    const body = await readJson(c, LoginBody);
    refuseIfAny(validateLogin(body));
    const email = normalizeEmail(body.email);
    const retry = await attempts.hit(`${clientAddress(site, c)} ${email}`);
    if (retry !== null) return tooMany(c, retry, 'sign-in attempts for this account');
    const signedIn = await auth.signIn(email, body.password, sessionToken(c));
    if (!signedIn) return apiError(c, 401, WRONG_LOGIN, { password: WRONG_LOGIN });
    setSessionCookie(c, signedIn.session);
    return c.json({ account: publicAccount(signedIn.account) });
  });

  app.post('/logout', async (c) => {
    await auth.signOut(sessionToken(c));
    clearSessionCookie(c);
    return c.body(null, 204);
  });

  app.post('/password', async (c) => {
    const account = c.get('account');
    if (!account) return apiError(c, 401, 'Sign in to change your password.');
    const body = await readJson(c, ChangePasswordBody);
    refuseIfAny(validateChangePassword({ ...body, confirmPassword: body.newPassword }));
    const session = await auth.changePassword(
      account.id,
      body.oldPassword,
      body.newPassword,
      sessionToken(c),
    );
    if (!session) {
      return apiError(c, 403, 'The old password is wrong.', {
        oldPassword: 'The old password is wrong.',
      });
    }
    setSessionCookie(c, session);
    return c.body(null, 204);
  });

  app.post('/delete', async (c) => {
    const account = c.get('account');
    if (!account) return apiError(c, 401, 'Sign in to delete your account.');
    const body = await readJson(c, DeleteBody);
    if (!(await auth.deleteAccount(account, body.password, sessionToken(c)))) {
      return apiError(c, 403, 'The password is wrong.', { password: 'The password is wrong.' });
    }
    clearSessionCookie(c);
    return c.body(null, 204);
  });

  app.post('/reset-request', async (c) => {
    const body = await readJson(c, ResetRequestBody);
    refuseIfAny(validateResetRequest(body.email));
    if (!auth.requestReset(body.email)) {
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
    if (!(await auth.resetPassword(body.token, body.password))) {
      return apiError(
        c,
        400,
        'This reset link has expired or was already used. Ask for a new one.',
        {
          token: 'This reset link has expired or was already used.',
        },
      );
    }
    return c.body(null, 204);
  });

  return Object.assign(app, { idle: () => auth.idle() });
}
