// /api/auth on the real database (PGlite, or PostgreSQL in npm test's second server suite).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, startTestServer, TEST_PASSWORD, type TestServer } from '../test/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const json = async (response: Response) => (await response.json()) as Record<string, unknown>;
/** The account the client's session signs in, or null (the session route answers 200 either way). */
const signedInAs = async (client: { get(path: string): Promise<Response> }) => {
  const response = await client.get('/api/auth/session');
  expect(response.status).toBe(200);
  return (await json(response)).account;
};

describe('signup', () => {
  it('creates an account, signs it in with an httpOnly SameSite=Lax cookie, stores only a hash', async () => {
    const client = server.client();
    const response = await client.post('/api/auth/signup', {
      name: ' Ada Lovelace ',
      email: 'Ada@Example.com',
      password: TEST_PASSWORD,
      terms: true,
    });
    expect(response.status).toBe(201);
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^artmint_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect((await json(response)).account).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
    });
    const session = await client.get('/api/auth/session');
    expect(session.status).toBe(200);
    expect((await json(session)).account).toMatchObject({ email: 'ada@example.com' });
    const { rows } = await server.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM accounts WHERE email = $1',
      ['ada@example.com'],
    );
    expect(rows[0]?.password_hash).toMatch(/^scrypt\$/);
    expect(rows[0]?.password_hash).not.toContain(TEST_PASSWORD);
  });

  it('refuses a taken email, whatever its case', async () => {
    const response = await server.client().post('/api/auth/signup', {
      name: 'Someone',
      email: 'ADA@example.com',
      password: TEST_PASSWORD,
      terms: true,
    });
    expect(response.status).toBe(409);
    expect((await json(response)).fields).toMatchObject({
      email: expect.stringMatching(/already exists/),
    });
  });

  it('answers bad input with the form messages, per field', async () => {
    const response = await server.client().post('/api/auth/signup', {
      name: '',
      email: 'not-an-email',
      password: 'short',
      terms: false,
    });
    expect(response.status).toBe(400);
    expect((await json(response)).fields).toEqual({
      name: 'Name is required.',
      email: 'Enter a valid email address, like name@example.com.',
      password: 'Use at least 8 characters.',
      terms: 'Accept the terms to create an account.',
    });
  });

  it('refuses a body of the wrong shape, not JSON, or too large', async () => {
    const client = server.client();
    const wrong = await client.post('/api/auth/signup', { name: 1, email: [], password: null });
    expect(wrong.status).toBe(400);
    const notJson = await client.request('/api/auth/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(notJson.status).toBe(400);
    expect((await json(notJson)).error).toMatch(/not valid JSON/);
    const huge = await client.request('/api/auth/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(70_000) }),
    });
    expect(huge.status).toBe(413);
  });
});

describe('login and logout', () => {
  it('logs in with the right password, refuses a wrong one or an unknown email alike', async () => {
    const account = await server.client().signUp('Grace');
    const client = server.client();
    const wrong = await client.post('/api/auth/login', {
      email: account.email,
      password: 'nope nope 1',
    });
    expect(wrong.status).toBe(401);
    const unknown = await client.post('/api/auth/login', {
      email: 'nobody@example.com',
      password: TEST_PASSWORD,
    });
    expect(unknown.status).toBe(401);
    expect(await json(unknown)).toEqual(await json(wrong));
    expect(client.cookie).toBeNull();
    const ok = await client.post('/api/auth/login', {
      email: account.email,
      password: TEST_PASSWORD,
    });
    expect(ok.status).toBe(200);
    expect((await json(await client.get('/api/auth/session'))).account).toMatchObject({
      id: account.id,
    });
    expect((await client.post('/api/auth/logout')).status).toBe(204);
    expect(await signedInAs(client)).toBeNull();
  });

  it('a session works on any request with its cookie and stops at logout', async () => {
    const a = server.client();
    await a.signUp();
    const cookie = a.cookie;
    const b = server.client();
    b.cookie = cookie;
    expect((await b.get('/api/auth/session')).status).toBe(200);
    await a.post('/api/auth/logout');
    expect(await signedInAs(b)).toBeNull();
  });
});

describe('sessions on two servers', () => {
  it('a session one server has checked ends there too when it ends anywhere', async () => {
    const second = server.secondApp();
    try {
      const a = server.client();
      const account = await a.signUp();
      const onSecond = async () =>
        (
          await json(
            await second.request(`${ORIGIN}/api/auth/session`, {
              headers: { cookie: a.cookie ?? '' },
            }),
          )
        ).account;
      // Checked twice: the second server keeps it after the first.
      expect(await onSecond()).toMatchObject({ id: account.id });
      expect(await onSecond()).toMatchObject({ id: account.id });
      await a.post('/api/auth/logout');
      await expect.poll(onSecond, { timeout: 3000 }).toBeNull();

      // Ended by a statement of any process, this one's own kept copy goes too.
      const b = server.client();
      const other = await b.signUp();
      expect(await signedInAs(b)).toMatchObject({ id: other.id });
      expect(await signedInAs(b)).toMatchObject({ id: other.id });
      await server.db.query('DELETE FROM sessions WHERE account_id = $1', [other.id]);
      await expect.poll(() => signedInAs(b), { timeout: 3000 }).toBeNull();
    } finally {
      await second.stop();
    }
  });
});

describe('change password and delete account', () => {
  it('changes the password only with the old one; other sessions end', async () => {
    const a = server.client();
    const account = await a.signUp();
    const other = server.client();
    await other.post('/api/auth/login', { email: account.email, password: TEST_PASSWORD });
    const wrong = await a.post('/api/auth/password', {
      oldPassword: 'wrong pass 1',
      newPassword: 'new password 2',
    });
    expect(wrong.status).toBe(403);
    const ok = await a.post('/api/auth/password', {
      oldPassword: TEST_PASSWORD,
      newPassword: 'new password 2',
    });
    expect(ok.status).toBe(204);
    expect((await a.get('/api/auth/session')).status).toBe(200);
    expect(await signedInAs(other)).toBeNull();
    const login = await server
      .client()
      .post('/api/auth/login', { email: account.email, password: 'new password 2' });
    expect(login.status).toBe(200);
  });

  it('refuses both when signed out', async () => {
    const client = server.client();
    expect(
      (await client.post('/api/auth/password', { oldPassword: 'a', newPassword: 'b' })).status,
    ).toBe(401);
    expect((await client.post('/api/auth/delete', { password: 'a' })).status).toBe(401);
  });

  it('deletes the account after the password, and its sessions with it', async () => {
    const a = server.client();
    const account = await a.signUp();
    expect((await a.post('/api/auth/delete', { password: 'wrong pass 1' })).status).toBe(403);
    expect((await a.post('/api/auth/delete', { password: TEST_PASSWORD })).status).toBe(204);
    expect(await signedInAs(a)).toBeNull();
    const { rows } = await server.db.query('SELECT 1 FROM accounts WHERE id = $1', [account.id]);
    expect(rows).toHaveLength(0);
  });
});

describe('reset password', () => {
  it('mails a one-time token that sets a new password once', async () => {
    const account = await server.client().signUp();
    const before = (await server.mails()).length;
    const client = server.client();
    const request = await client.post('/api/auth/reset-request', { email: account.email });
    expect(request.status).toBe(202);
    const mails = await server.mails();
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1) ?? '';
    expect(mail).toContain(`To: ${account.email}`);
    const token = /Your reset code: (\S+)/.exec(mail)?.[1] ?? '';
    expect(token).not.toBe('');
    expect(
      (await client.post('/api/auth/reset', { token, password: 'brand new pass' })).status,
    ).toBe(204);
    const again = await client.post('/api/auth/reset', { token, password: 'another one 3' });
    expect(again.status).toBe(400);
    const login = await client.post('/api/auth/login', {
      email: account.email,
      password: 'brand new pass',
    });
    expect(login.status).toBe(200);
  });

  it('answers an unknown email the same way and sends nothing', async () => {
    const before = (await server.mails()).length;
    const response = await server
      .client()
      .post('/api/auth/reset-request', { email: 'ghost@example.com' });
    expect(response.status).toBe(202);
    expect(await server.mails()).toHaveLength(before);
  });
});

describe('origin', () => {
  it('refuses a write from another origin or with no origin at all', async () => {
    const client = server.client();
    const forged = await client.request('/api/auth/login', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.co', password: 'x' }),
    });
    expect(forged.status).toBe(403);
    const bare = await server.app.request('http://localhost:4173/api/auth/logout', {
      method: 'POST',
    });
    expect(bare.status).toBe(403);
  });
});
