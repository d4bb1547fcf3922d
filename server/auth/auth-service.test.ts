// The auth service on its own, with no HTTP in between (the routes' answers are auth.test.ts):
// on the real database, each domain function does what /api/auth promises and says no with
// null or false.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../test/harness.ts';
import { createMailer } from '../mail.ts';
import { authService } from './auth-service.ts';

const server = await startTestServer();
const mailDir = mkdtempSync(join(tmpdir(), 'artmint-auth-service-'));
afterAll(async () => {
  await server.close();
  rmSync(mailDir, { recursive: true, force: true });
});
const auth = authService(
  server.db,
  createMailer({ dir: mailDir, log: () => undefined }),
  'http://localhost:4173',
  () => undefined,
);

let counter = 0;
const newEmail = () => `service${(counter += 1)}.${Date.now()}@example.com`;

async function sessionsOf(accountId: number): Promise<number> {
  const { rows } = await server.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM sessions WHERE account_id = $1',
    [accountId],
  );
  return rows[0]?.n ?? 0;
}

describe('the auth service', () => {
  it('signs up once per email, whatever its case and spaces', async () => {
    const email = newEmail();
    const first = await auth.signUp({ name: ' Ada ', email, password: 'first pass 1' }, undefined);
    expect(first?.account).toMatchObject({ email, name: 'Ada' });
    expect(first?.session.token).toMatch(/^[\w-]{40,}$/);
    expect(first?.session.expires.getTime()).toBeGreaterThan(Date.now());
    const again = await auth.signUp(
      { name: 'Ada', email: ` ${email.toUpperCase()} `, password: 'other pass 2' },
      undefined,
    );
    expect(again).toBeNull();
  });

  it('signs in with the right password only, ending the session it replaces', async () => {
    const email = newEmail();
    const up = await auth.signUp({ name: 'Bo', email, password: 'right pass 1' }, undefined);
    const id = up?.account.id ?? 0;
    expect(await auth.signIn(email, 'wrong pass 1', undefined)).toBeNull();
    expect(await auth.signIn(newEmail(), 'right pass 1', undefined)).toBeNull();
    const signedIn = await auth.signIn(email.toUpperCase(), 'right pass 1', up?.session.token);
    expect(signedIn?.account).toEqual({ id, email, name: 'Bo' });
    expect(await sessionsOf(id)).toBe(1);
    await auth.signOut(signedIn?.session.token);
    expect(await sessionsOf(id)).toBe(0);
  });

  it('changes the password only with the old one, ending every other session', async () => {
    const email = newEmail();
    const up = await auth.signUp({ name: 'Cy', email, password: 'old pass 1' }, undefined);
    const id = up?.account.id ?? 0;
    await auth.signIn(email, 'old pass 1', undefined);
    expect(await sessionsOf(id)).toBe(2);
    expect(await auth.changePassword(id, 'not it 1', 'new pass 2', up?.session.token)).toBeNull();
    const session = await auth.changePassword(id, 'old pass 1', 'new pass 2', up?.session.token);
    expect(session?.token).not.toBe(up?.session.token);
    expect(await sessionsOf(id)).toBe(1);
    expect(await auth.signIn(email, 'old pass 1', undefined)).toBeNull();
  });

  it('resets the password once with the mailed token', async () => {
    const email = newEmail();
    await auth.signUp({ name: 'Di', email, password: 'forgot it 1' }, undefined);
    expect(await auth.resetPassword('no such token', 'fresh pass 1')).toBe(false);
    expect(auth.requestReset(` ${email.toUpperCase()}`)).toBe(true);
    await auth.idle();
    const mail = readdirSync(mailDir)
      .map((file) => readFileSync(join(mailDir, file), 'utf8'))
      .find((text) => text.includes(email));
    const token = /Your reset code: (\S+)/.exec(mail ?? '')?.[1] ?? '';
    expect(token).not.toBe('');
    expect(await auth.resetPassword(token, 'fresh pass 1')).toBe(true);
    expect(await auth.resetPassword(token, 'fresher pass 2')).toBe(false);
    expect(await auth.signIn(email, 'fresh pass 1', undefined)).not.toBeNull();
  });

  it('deletes the account only with its password', async () => {
    const email = newEmail();
    const up = await auth.signUp({ name: 'Ed', email, password: 'keep me 1' }, undefined);
    const account = up?.account ?? { id: 0, email, name: 'Ed' };
    expect(await auth.deleteAccount(account, 'not it 1', up?.session.token)).toBe(false);
    expect(await auth.deleteAccount(account, 'keep me 1', up?.session.token)).toBe(true);
    expect(await sessionsOf(account.id)).toBe(0);
    expect(await auth.signIn(email, 'keep me 1', undefined)).toBeNull();
  });
});
