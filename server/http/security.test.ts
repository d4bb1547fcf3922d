// Attacks on the server as requests that must fail (docs/security.md), on the real app and
// database: a forged Host (reset links, DNS rebinding), forged forwarding headers, a flood of
// asset-path spellings, guessed reset tokens, a mail server that never answers, and sessions
// and tokens that must end.
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PushResponse } from '../../shared/protocol.ts';
import type { Database } from '../db/database.ts';
import { hashPassword, PASSWORD_COST } from '../auth/passwords.ts';
import { MAX_STREAMS_PER_ACCOUNT, MAX_STREAMS_PER_ADDRESS } from '../sync/stream-limits.ts';
import { REFUSALS_HELD_PER_ADDRESS } from './read-guard.ts';
import {
  ORIGIN,
  startTestServer,
  TEST_PASSWORD,
  type TestClient,
  type TestServer,
} from '../test/harness.ts';
import { PNG, putImage, uploadPng } from '../test/images.ts';
import { makeItem, mutation, push, pushOne } from '../test/sync-fixtures.ts';
import { runHousekeeping, startHousekeeping } from '../housekeeping.ts';
import type { Mail } from '../mail.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const post = (
  target: TestServer,
  url: string,
  json: unknown,
  headers: Record<string, string> = {},
) =>
  target.app.request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(json),
  });

const resetLinks = (mails: string[]) =>
  mails.flatMap((mail) =>
    [...mail.matchAll(/https?:\/\/\S+\/reset-password\?token=\S+/g)].map((m) => m[0]),
  );
const tokenOf = (mail: string | undefined) => /Your reset code: (\S+)/.exec(mail ?? '')?.[1] ?? '';

describe('one origin the server knows', () => {
  it('refuses a reset request sent with a foreign Host, and mails nothing', async () => {
    const victim = await server.client().signUp();
    const before = (await server.mails()).length;
    const forged = await post(
      server,
      'http://evil.example/api/auth/reset-request',
      { email: victim.email },
      { origin: 'http://evil.example' },
    );
    expect(forged.status).toBe(421);
    // The same with the Host on another port of a loopback name.
    const otherPort = await post(
      server,
      'http://localhost:9999/api/auth/reset-request',
      { email: victim.email },
      { origin: 'http://localhost:9999' },
    );
    expect(otherPort.status).toBe(421);
    expect(await server.mails()).toHaveLength(before);
  });

  it('links every reset mail to its own origin, whichever loopback name the request used', async () => {
    const victim = await server.client().signUp();
    const before = (await server.mails()).length;
    const asked = await post(
      server,
      'http://127.0.0.1:4173/api/auth/reset-request',
      { email: victim.email },
      { origin: 'http://127.0.0.1:4173' },
    );
    expect(asked.status).toBe(202);
    const links = resetLinks((await server.mails()).slice(before));
    expect(links).toHaveLength(1);
    expect(links[0]).toMatch(/^http:\/\/localhost:4173\/reset-password\?token=/);
  });

  it('answers no page or API for a rebinding host name', async () => {
    for (const url of ['http://attacker.example:4173/', 'http://attacker.example:4173/api/me']) {
      const response = await server.app.request(url);
      expect(response.status, url).toBe(421);
      expect(await response.json()).toEqual({
        error: 'This server does not answer for that host name.',
      });
    }
  });

  it('refuses a write whose Origin is another loopback name than its Host', async () => {
    const response = await post(
      server,
      'http://127.0.0.1:4173/api/auth/login',
      { email: 'a@b.co', password: 'whatever 1' },
      { origin: 'http://localhost:4173' },
    );
    expect(response.status).toBe(403);
  });

  it('takes no Secure flag from X-Forwarded-Proto: the cookie follows the configured origin', async () => {
    const response = await post(
      server,
      `${ORIGIN}/api/auth/signup`,
      {
        name: 'Plain',
        email: `plain.${Date.now()}@example.com`,
        password: TEST_PASSWORD,
        terms: true,
      },
      { origin: ORIGIN, 'x-forwarded-proto': 'https' },
    );
    expect(response.status).toBe(201);
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^artmint_session=/);
    expect(cookie).not.toMatch(/Secure/i);
  });

  describe('with PUBLIC_ORIGIN set', () => {
    const PUBLIC = 'https://artmint.example';
    let configured: TestServer;
    beforeAll(async () => {
      configured = await startTestServer({ publicOrigin: PUBLIC });
    });
    afterAll(() => configured.close());

    it('answers only its host, and links the reset mail to it', async () => {
      const email = `public.${Date.now()}@example.com`;
      const signup = await post(
        configured,
        `${PUBLIC}/api/auth/signup`,
        { name: 'Public', email, password: TEST_PASSWORD, terms: true },
        { origin: PUBLIC },
      );
      expect(signup.status).toBe(201);
      const cookie = signup.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(/^__Host-artmint_session=/);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/; Path=\//i);
      expect(cookie).not.toMatch(/Domain=/i);

      const loopback = await post(
        configured,
        'http://localhost:4173/api/auth/reset-request',
        { email },
        { origin: 'http://localhost:4173' },
      );
      expect(loopback.status).toBe(421);
      const before = (await configured.mails()).length;
      const asked = await post(
        configured,
        `${PUBLIC}/api/auth/reset-request`,
        { email },
        {
          origin: PUBLIC,
        },
      );
      expect(asked.status).toBe(202);
      const links = resetLinks((await configured.mails()).slice(before));
      expect(links).toHaveLength(1);
      expect(links[0]).toMatch(/^https:\/\/artmint\.example\/reset-password\?token=/);
    });

    it('refuses a write from the plain-http spelling of its origin', async () => {
      const response = await post(
        configured,
        `${PUBLIC}/api/auth/login`,
        { email: 'a@b.co', password: 'whatever 1' },
        { origin: 'http://artmint.example' },
      );
      expect(response.status).toBe(403);
    });
  });
});

describe('forwarded addresses and sign-in limits', () => {
  const LIMIT = { max: 3, windowMs: 60_000 };
  const login = (target: TestServer, email: string, headers: Record<string, string> = {}) =>
    post(
      target,
      `${ORIGIN}/api/auth/login`,
      { email, password: 'wrong password 1' },
      {
        origin: ORIGIN,
        ...headers,
      },
    );

  it('counts a sign-in per account and address: a stranger cannot lock the owner out', async () => {
    const limited = await startTestServer({
      limits: { login: LIMIT, writes: { max: 0, windowMs: 60_000 } },
      trustProxy: 1,
    });
    try {
      const owner = await limited.client().signUp();
      const stranger = { 'x-forwarded-for': '203.0.113.9' };
      for (let i = 0; i < LIMIT.max; i += 1) {
        expect((await login(limited, owner.email, stranger)).status).toBe(401);
      }
      const locked = await login(limited, owner.email, stranger);
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await locked.json()) as { error: string }).error).toMatch(
        /Too many sign-in attempts/,
      );
      // The stranger's own spelling of a header cannot escape its bucket: the proxy's entry is
      // the rightmost, and only that one is trusted.
      const spoofed = await login(limited, owner.email, {
        'x-forwarded-for': '198.51.100.1, 203.0.113.9',
      });
      expect(spoofed.status).toBe(429);
      // The owner, from their own address, still signs in.
      const ownerLogin = await post(
        limited,
        `${ORIGIN}/api/auth/login`,
        { email: owner.email, password: TEST_PASSWORD },
        { origin: ORIGIN, 'x-forwarded-for': '192.0.2.44' },
      );
      expect(ownerLogin.status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('on PostgreSQL, every server process counts the same sign-in attempts (per process on PGlite)', async () => {
    const limited = await startTestServer({
      limits: { login: LIMIT, writes: { max: 0, windowMs: 60_000 } },
    });
    const second = limited.secondApp();
    try {
      const email = `shared.${Date.now()}@example.com`;
      const attempt = (app: { request: TestServer['app']['request'] }) =>
        app.request(`${ORIGIN}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: ORIGIN },
          body: JSON.stringify({ email, password: 'wrong password 1' }),
        });
      // Two attempts on each process: four in all, one more than the limit.
      const statuses = [];
      for (const app of [limited.app, second, limited.app, second]) {
        statuses.push((await attempt(app)).status);
      }
      if (limited.db.kind === 'postgres') expect(statuses).toEqual([401, 401, 401, 429]);
      else expect(statuses).toEqual([401, 401, 401, 401]);
    } finally {
      await second.stop();
      await limited.close();
    }
  });

  it('ignores X-Forwarded-For when no proxy is trusted', async () => {
    const limited = await startTestServer({
      limits: { login: LIMIT, writes: { max: 0, windowMs: 60_000 } },
    });
    try {
      const email = 'nobody@example.com';
      for (let i = 0; i < LIMIT.max; i += 1) {
        await login(limited, email, { 'x-forwarded-for': `192.0.2.${i}` });
      }
      expect((await login(limited, email, { 'x-forwarded-for': '192.0.2.200' })).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('writes counted per mutation', () => {
  it('a push carrying many mutations counts each of them against the write limit', async () => {
    const limited = await startTestServer({
      limits: { login: { max: 0, windowMs: 60_000 }, writes: { max: 4, windowMs: 60_000 } },
    });
    try {
      const ada = limited.client();
      await ada.signUp('Ada');
      const messages = (n: number) =>
        Array.from({ length: n }, (_, i) =>
          mutation('message', { kind: 'contact', fields: { message: `hello ${i}` } }),
        );
      // Three of the four fit; two more do not.
      expect((await push(ada, ...messages(3))).status).toBe(200);
      const over = await push(ada, ...messages(2));
      expect(over.status).toBe(429);
      expect(over.body.error).toMatch(/Too many changes at once/);
      const batch = limited.client();
      await batch.signUp('Bob');
      // Ten mutations in one request are ten writes.
      expect((await push(batch, ...messages(10))).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('writes counted where every process sees them', () => {
  it('on PostgreSQL, a push is counted in its own statements and every process shares the count (per process on PGlite)', async () => {
    const limited = await startTestServer({
      limits: { login: { max: 0, windowMs: 60_000 }, writes: { max: 3, windowMs: 60_000 } },
    });
    const second = limited.secondApp();
    try {
      const ada = limited.client();
      await ada.signUp('Ada');
      const itemId = await makeItem(limited, { saleKind: 'auctions', endsIn: 3_600_000 });
      const pushOn = async (app: { request: TestServer['app']['request'] }, one: unknown) =>
        (
          await app.request(`${ORIGIN}/api/push`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              origin: ORIGIN,
              cookie: ada.cookie ?? '',
            },
            body: JSON.stringify({ mutations: [one] }),
          })
        ).status;
      const contact = () => mutation('message', { kind: 'contact', fields: { message: 'hi' } });
      const bid = (price: string) => mutation('bid', { itemId, priceEth: price, quantity: 1 });
      const statuses = [
        await pushOn(limited.app, contact()),
        await pushOn(second, contact()),
        await pushOn(limited.app, bid('7.5')),
        await pushOn(second, bid('8.5')),
        await pushOn(second, contact()),
      ];
      if (limited.db.kind === 'postgres') expect(statuses).toEqual([200, 200, 200, 429, 429]);
      else expect(statuses).toEqual([200, 200, 200, 200, 200]);
      // A bid refused by the limit was not placed.
      const bids = await limited.db.query('SELECT price_eth FROM bids WHERE item_id = $1', [
        itemId,
      ]);
      expect(bids.rows).toHaveLength(limited.db.kind === 'postgres' ? 1 : 2);
    } finally {
      await second.stop();
      await limited.close();
    }
  });
});

describe('the public log is not a toy', () => {
  it('favourites and follows, which every device pulls, have a limit of their own', async () => {
    const limited = await startTestServer({
      limits: { login: { max: 0, windowMs: 60_000 }, writes: { max: 50, windowMs: 60_000 } },
    });
    try {
      const ada = limited.client();
      await ada.signUp('Ada');
      const before = await limited.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM changes',
      );
      // Toggled in a loop: five of them fit (a tenth of the write limit), then 429.
      const statuses: number[] = [];
      for (let i = 0; i < 8; i += 1) {
        statuses.push(
          (await push(ada, mutation('favourite', { itemId: 1, on: i % 2 === 0 }))).status,
        );
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
      const after = await limited.db.query<{ n: number }>('SELECT count(*)::int AS n FROM changes');
      expect((after.rows[0]?.n ?? 0) - (before.rows[0]?.n ?? 0)).toBe(5);
      // Other writes still go through.
      const contact = mutation('message', { kind: 'contact', fields: { message: 'hello' } });
      expect((await push(ada, contact)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('static files', () => {
  let child: ChildProcess;
  let origin = '';
  const messages: Record<string, unknown>[] = [];
  const next = async () => {
    while (messages.length === 0) await once(child, 'message').then(([m]) => messages.push(m));
    return messages.shift() as Partial<Record<string, number>>;
  };
  beforeAll(async () => {
    child = fork(join(import.meta.dirname, '..', 'test', 'static-flood-server.ts'), [], {
      execArgv: ['--expose-gc', '--import', 'tsx'],
      env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.server.json' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const ready = await next();
    origin = `http://127.0.0.1:${ready.port}`;
  });
  afterAll(async () => {
    child.send('stop');
    await once(child, 'exit');
  });

  it('10,000 spellings of asset paths grow no memory and never block the event loop', async () => {
    const script = '/assets/index-abc123.js';
    const fetchOne = (path: string) =>
      fetch(`${origin}${path}`, { headers: { 'accept-encoding': 'br, gzip' } }).then(async (r) => {
        await r.arrayBuffer();
        return r.status;
      });
    // Every listed file once, in each encoding: what the server may keep is kept from here.
    for (const encoding of ['br', 'gzip', 'identity']) {
      await fetch(`${origin}${script}`, { headers: { 'accept-encoding': encoding } }).then((r) =>
        r.arrayBuffer(),
      );
      await fetch(`${origin}/`, { headers: { 'accept-encoding': encoding } }).then((r) =>
        r.arrayBuffer(),
      );
    }
    child.send('measure');
    const before = await next();

    const spellings = Array.from({ length: 10_000 }, (_, i) => {
      const slashes = '/'.repeat(1 + (i % 40));
      const variant = i % 4;
      if (variant === 0) return `/assets${slashes}index-abc123.js?v=${i}`;
      if (variant === 1) return `${slashes}assets${slashes}index-abc123.js`;
      if (variant === 2) return `/assets/${'%2F'.repeat(1 + (i % 30))}index-abc123.js#${i}`;
      return `/assets/index-abc123.js${'/'.repeat(1 + (i % 50))}`;
    });
    const statuses = new Map<number, number>();
    for (let at = 0; at < spellings.length; at += 20) {
      const batch = await Promise.all(spellings.slice(at, at + 20).map(fetchOne));
      for (const status of batch) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    // Every spelling names the one script (served) or nothing (the app shell's 404).
    expect([...statuses.keys()].every((status) => status === 200 || status === 404)).toBe(true);

    child.send('measure');
    const after = await next();
    const grownMb = ((after.memory ?? 0) - (before.memory ?? 0)) / 1024 / 1024;
    expect(grownMb, `memory grew ${grownMb.toFixed(1)} MB`).toBeLessThan(20);
    // A request that works on the loop (a path normalised in quadratic time, a body compressed
    // on the request's path) holds it on a share of these 10,000: the 99th percentile shows it.
    // The worst single delay also holds V8's full collections of the flood's garbage, 30 to
    // 45 ms each, measured with a `gc` observer under the CI's load (a second test suite
    // running beside), and the time the process waited for a core (694 ms once, the machine
    // running the end-to-end suite beside): not the server's work, so it is bounded only
    // against a stall of a second.
    const p99 = after.delayP99Ms ?? Infinity;
    expect(p99, 'the event-loop delay, p99').toBeLessThan(25);
    expect(after.delayMaxMs, `the worst event-loop delay (p99 ${p99.toFixed(1)} ms)`).toBeLessThan(
      1000,
    );
  }, 120_000);

  it('serves the copies the build compressed, and no file the build did not list', async () => {
    const br = await fetch(`${origin}/assets/index-abc123.js`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.headers.get('content-encoding')).toBe('br');
    for (const path of ['/build-files.json', '/assets/index-abc123.js.br', '/index.html.gz']) {
      const response = await fetch(`${origin}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toContain('<title>Artmint</title>');
    }
  });
});

describe('account hygiene', () => {
  it('looks a reset token up before any hashing: 40 guessed tokens are answered at once', async () => {
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        server
          .client()
          .post('/api/auth/reset', { token: `guess-${i}`, password: 'new password 9' }),
      ),
    );
    // A hash costs about 0.3 s and two run at once: hashing first would take 6 s or more.
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(answers.every((answer) => answer.status === 400)).toBe(true);
  });

  it('answers a reset request within 1 s when the mail server never answers', async () => {
    const silent = await startTestServer({
      mailer: { send: () => new Promise<void>(() => undefined) },
    });
    try {
      const account = await silent.client().signUp();
      const started = Date.now();
      const response = await silent.client().post('/api/auth/reset-request', {
        email: account.email,
      });
      expect(response.status).toBe(202);
      expect(Date.now() - started).toBeLessThan(1_000);
    } finally {
      await silent.close();
    }
  });

  it('a reset ends every other reset token and every session of the account', async () => {
    const owner = server.client();
    const account = await owner.signUp();
    const asker = server.client();
    await asker.post('/api/auth/reset-request', { email: account.email });
    const first = tokenOf((await server.mails()).at(-1));
    await asker.post('/api/auth/reset-request', { email: account.email });
    const second = tokenOf((await server.mails()).at(-1));
    expect(first).not.toBe('');
    expect(second).not.toBe(first);
    expect(
      (await asker.post('/api/auth/reset', { token: second, password: 'fresh password 2' })).status,
    ).toBe(204);
    const stale = await asker.post('/api/auth/reset', { token: first, password: 'attacker pw 3' });
    expect(stale.status).toBe(400);
    expect(
      ((await (await owner.get('/api/auth/session')).json()) as { account: unknown }).account,
    ).toBeNull();
  });

  it('a password change ends every reset token of the account', async () => {
    const owner = server.client();
    const account = await owner.signUp();
    await server.client().post('/api/auth/reset-request', { email: account.email });
    const token = tokenOf((await server.mails()).at(-1));
    expect(
      (
        await owner.post('/api/auth/password', {
          oldPassword: TEST_PASSWORD,
          newPassword: 'changed pw 4',
        })
      ).status,
    ).toBe(204);
    const late = await server
      .client()
      .post('/api/auth/reset', { token, password: 'attacker pw 5' });
    expect(late.status).toBe(400);
  });

  it("signing in ends the browser's previous session", async () => {
    const browser = server.client();
    const first = await browser.signUp('First');
    const oldCookie = browser.cookie;
    const second = await server.client().signUp('Second');
    const login = await browser.post('/api/auth/login', {
      email: second.email,
      password: TEST_PASSWORD,
    });
    expect(login.status).toBe(200);
    const reused = server.client();
    reused.cookie = oldCookie;
    const session = (await (await reused.get('/api/auth/session')).json()) as { account: unknown };
    expect(session.account).toBeNull();
    expect(first.id).not.toBe(second.id);
  });

  it('hashes at N = 2^17 and makes an older, cheaper hash again at the next sign-in', async () => {
    const client = server.client();
    const account = await client.signUp();
    const stored = async () =>
      (
        await server.db.query<{ password_hash: string }>(
          'SELECT password_hash FROM accounts WHERE id = $1',
          [account.id],
        )
      ).rows[0]?.password_hash ?? '';
    expect((await stored()).split('$').slice(0, 4)).toEqual(['scrypt', '131072', '8', '1']);
    expect(PASSWORD_COST.N).toBe(2 ** 17);
    await server.db.query('UPDATE accounts SET password_hash = $1 WHERE id = $2', [
      await hashPassword(TEST_PASSWORD, { N: 2 ** 15, r: 8, p: 1 }),
      account.id,
    ]);
    const login = await server.client().post('/api/auth/login', {
      email: account.email,
      password: TEST_PASSWORD,
    });
    expect(login.status).toBe(200);
    expect((await stored()).split('$')[1]).toBe('131072');
  });
});

describe('live streams', () => {
  const openStream = (client: TestClient, headers: Record<string, string> = {}) =>
    client.request('/api/events', { headers });

  it('one account holds at most its share of streams; others still get theirs', async () => {
    const ada = server.client();
    await ada.signUp('Ada');
    const open: Response[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_ACCOUNT; i += 1) {
      const response = await openStream(ada);
      expect(response.status).toBe(200);
      open.push(response);
    }
    const refused = await openStream(ada);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('10');
    expect(((await refused.json()) as { error: string }).error).toMatch(
      /Too many live connections/,
    );
    const bob = server.client();
    await bob.signUp('Bob');
    const other = await openStream(bob);
    expect(other.status).toBe(200);
    // A stream that ends gives its place back.
    await open[0]?.body?.cancel();
    await expect
      .poll(async () => {
        const again = await openStream(ada);
        if (again.status === 200) open.push(again);
        return again.status;
      })
      .toBe(200);
    await Promise.all([...open, other].map((response) => response.body?.cancel()));
  });

  it('one address holds at most its share of streams (behind a trusted proxy)', async () => {
    const proxied = await startTestServer({ trustProxy: 1 });
    try {
      const visitor = proxied.client();
      const from = (address: string) => openStream(visitor, { 'x-forwarded-for': address });
      const open: Response[] = [];
      for (let i = 0; i < MAX_STREAMS_PER_ADDRESS; i += 1) {
        const response = await from('203.0.113.7');
        expect(response.status).toBe(200);
        open.push(response);
      }
      expect((await from('203.0.113.7')).status).toBe(503);
      const neighbour = await from('203.0.113.8');
      expect(neighbour.status).toBe(200);
      await Promise.all([...open, neighbour].map((response) => response.body?.cancel()));
    } finally {
      await proxied.close();
    }
  });

  it('a stream that takes nothing is dropped, and the hub holds nothing for it', async () => {
    const slow = await startTestServer({ streamStallMs: 300 });
    try {
      const writer = slow.client();
      await writer.signUp('Writer');
      const reader = slow.client();
      const stream = await openStream(reader);
      expect(stream.status).toBe(200);
      await expect.poll(() => slow.app.events.size).toBe(1);
      // Never read: batches pile up until the stream's buffer is full, then it stalls.
      for (let i = 0; i < 40 && slow.app.events.size > 0; i += 1) {
        await pushOne(writer, mutation('favourite', { itemId: 1 + (i % 5), on: i % 2 === 0 }));
        await new Promise((resolve) => setTimeout(resolve, 120));
      }
      await expect.poll(() => slow.app.events.size, { timeout: 5_000 }).toBe(0);
    } finally {
      await slow.close();
    }
  }, 30_000);
});

describe('bounded storage', () => {
  it('refuses an upload past the account quota with a clear message; other accounts are not held', async () => {
    const small = await startTestServer({ uploadQuotaBytes: PNG.length * 3 });
    try {
      const ada = small.client();
      await ada.signUp('Ada');
      for (let i = 0; i < 3; i += 1) expect((await putImage(ada, PNG)).status).toBe(201);
      const over = await putImage(ada, PNG);
      expect(over.status).toBe(413);
      expect(((await over.json()) as { error: string }).error).toMatch(
        /Your uploads have reached .* MB, the most one account can store/,
      );
      const bob = small.client();
      await bob.signUp('Bob');
      expect((await putImage(bob, PNG)).status).toBe(201);
    } finally {
      await small.close();
    }
  });

  it('housekeeping ends expired sessions and spent tokens, trims old results, removes unused images', async () => {
    const ada = server.client();
    const account = await ada.signUp('Ada');
    await server.db.query(
      `INSERT INTO sessions (token_hash, account_id, expires_at) VALUES ('expired-a', $1, now() - interval '1 minute')`,
      [account.id],
    );
    await server.db.query(
      `INSERT INTO reset_tokens (token_hash, account_id, expires_at, used_at)
       VALUES ('used-a', $1, now() + interval '1 hour', now()),
              ('expired-b', $1, now() - interval '1 minute', NULL),
              ('live-c', $1, now() + interval '1 hour', NULL)`,
      [account.id],
    );
    // A refusal stored 40 days ago.
    const old = mutation('favourite', { itemId: 987654, on: true });
    const first = await pushOne(ada, old);
    expect(first.status).toBe('refused');
    await server.db.query(
      `UPDATE mutations SET created_at = now() - interval '40 days' WHERE id = $1`,
      [old.id],
    );
    // Three images: unused for two days, used by an item, and unused but new.
    const unused = await uploadPng(ada);
    const used = await uploadPng(ada);
    const fresh = await uploadPng(ada);
    await server.db.query(
      `UPDATE images SET created_at = now() - interval '2 days' WHERE id = ANY($1)`,
      [[unused, used]],
    );
    await server.db.query(
      `UPDATE items SET data = jsonb_set(data, '{image}', to_jsonb($1::text)) WHERE id = 1`,
      [`/api/images/${used}`],
    );

    const counts = await runHousekeeping(server.db);
    expect(counts.sessions).toBeGreaterThanOrEqual(1);
    expect(counts.images).toBeGreaterThanOrEqual(1);
    const tokens = await server.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM reset_tokens WHERE account_id = $1 ORDER BY token_hash',
      [account.id],
    );
    expect(tokens.rows.map((row) => row.token_hash)).toEqual(['live-c']);
    const sessions = await server.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM sessions WHERE account_id = $1',
      [account.id],
    );
    expect(sessions.rows.map((row) => row.token_hash)).not.toContain('expired-a');
    expect(sessions.rows).toHaveLength(1);
    const images = await server.db.query<{ id: string }>(
      'SELECT id FROM images WHERE account_id = $1 ORDER BY id',
      [account.id],
    );
    expect(images.rows.map((row) => row.id).sort()).toEqual([used, fresh].sort());

    // The old result keeps its id, hash and status: pushed again, it is refused the same way
    // and never applied.
    const stored = await server.db.query<{ body_hash: string; pruned: boolean; result: unknown }>(
      'SELECT body_hash, pruned, result FROM mutations WHERE id = $1',
      [old.id],
    );
    expect(stored.rows[0]?.pruned).toBe(true);
    expect(stored.rows[0]?.body_hash).not.toBe('');
    expect(stored.rows[0]?.result).not.toHaveProperty('fields');
    const again = await pushOne(ada, old);
    expect(again).toMatchObject({
      id: old.id,
      status: 'refused',
      code: (first as { code: string }).code,
    });
  });

  it('mails messages to the team once, and deletes them only 30 days after delivery', async () => {
    const visitor = server.client();
    const contact = mutation('message', {
      kind: 'contact',
      fields: { name: 'Ada', email: 'ada@example.com', message: 'Hello team' },
    });
    expect((await pushOne(visitor, contact)).status).toBe('applied');
    const failing: Mail[] = [];
    const down = {
      send: async (mail: Mail) => {
        failing.push(mail);
        throw new Error('the mail server is down');
      },
    };
    // The mail server is down: the message stays, undelivered, however old.
    await server.db.query(
      `UPDATE messages SET created_at = now() - interval '40 days' WHERE id = $1`,
      [contact.id],
    );
    await expect(
      runHousekeeping(server.db, { mailer: down, to: 'team@example.com' }),
    ).rejects.toThrow();
    expect(failing.length).toBeGreaterThan(0);
    const stays = await server.db.query('SELECT delivered_at FROM messages WHERE id = $1', [
      contact.id,
    ]);
    expect(stays.rows).toEqual([{ delivered_at: null }]);

    const sent: Mail[] = [];
    const up = { send: async (mail: Mail) => void sent.push(mail) };
    await runHousekeeping(server.db, { mailer: up, to: 'team@example.com' });
    await runHousekeeping(server.db, { mailer: up, to: 'team@example.com' });
    const ours = sent.filter((mail) => mail.text.includes('Hello team'));
    expect(ours).toHaveLength(1);
    expect(ours[0]).toMatchObject({ to: 'team@example.com', subject: 'Artmint contact message' });
    await server.db.query(
      `UPDATE messages SET delivered_at = now() - interval '29 days' WHERE id = $1`,
      [contact.id],
    );
    await runHousekeeping(server.db, { mailer: up, to: 'team@example.com' });
    expect(
      (await server.db.query('SELECT 1 FROM messages WHERE id = $1', [contact.id])).rows,
    ).toHaveLength(1);
    await server.db.query(
      `UPDATE messages SET delivered_at = now() - interval '31 days' WHERE id = $1`,
      [contact.id],
    );
    const counts = await runHousekeeping(server.db, { mailer: up, to: 'team@example.com' });
    expect(counts.messages).toBeGreaterThanOrEqual(1);
    expect(
      (await server.db.query('SELECT 1 FROM messages WHERE id = $1', [contact.id])).rows,
    ).toHaveLength(0);
  });

  it('runs on its schedule', async () => {
    const account = await server.client().signUp();
    const housekeeper = startHousekeeping(server.db, { intervalMs: 200, log: () => undefined });
    try {
      await server.db.query(
        `INSERT INTO sessions (token_hash, account_id, expires_at) VALUES ('expired-later', $1, now() - interval '1 second')`,
        [account.id],
      );
      await expect
        .poll(
          async () =>
            (await server.db.query(`SELECT 1 FROM sessions WHERE token_hash = 'expired-later'`))
              .rows.length,
          { timeout: 5_000 },
        )
        .toBe(0);
    } finally {
      await housekeeper.stop();
    }
  });
});

describe('public reads bounded (docs/security.md "Read bounds")', () => {
  const OFF = { max: 0, windowMs: 60_000 };
  const from = (address: string) => ({ 'x-forwarded-for': address });
  const FLOOD = [
    '/api/changes?since=0&limit=1000',
    '/api/items?q=neon%20horizon',
    '/api/creators?q=zora',
    '/api/items?page=3',
    '/api/collections',
    '/api/snapshot',
  ];

  it("a flood from one address gets 429 with Retry-After; another address's bid is answered at once", async () => {
    const limited = await startTestServer({
      trustProxy: 1,
      reads: { perAddress: { max: 20, windowMs: 60_000 }, perAccount: OFF },
    });
    try {
      const bidder = limited.client();
      await bidder.signUp('Bidder');
      const itemId = await makeItem(limited, { saleKind: 'auctions', endsIn: 3_600_000 });
      const attacker = limited.client();
      let lastFloodAnswer = 0;
      const flood = Array.from({ length: 60 }, (_, i) =>
        attacker
          .request(FLOOD[i % FLOOD.length] ?? '/api/collections', { headers: from('198.51.100.1') })
          .then(async (response) => {
            await response.arrayBuffer();
            lastFloodAnswer = performance.now();
            return response;
          }),
      );
      const sent = performance.now();
      const bid = await bidder.request('/api/push', {
        method: 'POST',
        headers: from('198.51.100.2'),
        json: { mutations: [mutation('bid', { itemId, priceEth: '9.5', quantity: 1 })] },
      });
      const bidAnswered = performance.now();
      expect(bid.status).toBe(200);
      expect(((await bid.json()) as PushResponse).results[0]).toMatchObject({ status: 'applied' });
      const answers = await Promise.all(flood);
      const refused = answers.filter((response) => response.status === 429);
      // The first 20 are read, every one past them refused with when to come back.
      expect(refused).toHaveLength(40);
      expect(answers.filter((response) => response.status === 200)).toHaveLength(20);
      for (const response of refused) {
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      }
      // The bid waited for none of the flood's reads: answered before the last of them.
      expect(bidAnswered).toBeLessThan(lastFloodAnswer);
      expect(bidAnswered - sent).toBeLessThan(1000);
      // Another address still reads.
      const other = await attacker.request('/api/collections', { headers: from('198.51.100.3') });
      expect(other.status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('answers a refused read after a pause, spread at random, holding a bounded number of one address at once', async () => {
    const PAUSE_MS = 600;
    const limited = await startTestServer({
      trustProxy: 1,
      reads: {
        perAddress: { max: 1, windowMs: 60_000 },
        perAccount: OFF,
        refusalPauseMs: PAUSE_MS,
      },
    });
    try {
      const client = limited.client();
      const timed = async () => {
        const sent = performance.now();
        const response = await client.request('/api/collections', {
          headers: from('198.51.100.7'),
        });
        await response.arrayBuffer();
        return { status: response.status, ms: performance.now() - sent };
      };
      expect((await timed()).status).toBe(200);
      // A loop that asks again as soon as it is refused asks once per pause, not thousands of
      // times a second.
      const again = await timed();
      expect(again.status).toBe(429);
      // Half to one and a half times the pause, at random.
      expect(again.ms).toBeGreaterThanOrEqual(PAUSE_MS / 2 - 20);
      // Held at once: at most REFUSALS_HELD_PER_ADDRESS; the rest are answered without a pause.
      const burst = await Promise.all(
        Array.from({ length: REFUSALS_HELD_PER_ADDRESS + 8 }, () => timed()),
      );
      expect(burst.every((answer) => answer.status === 429)).toBe(true);
      const paused = burst.filter((answer) => answer.ms >= PAUSE_MS / 2 - 20);
      expect(paused).toHaveLength(REFUSALS_HELD_PER_ADDRESS);
      // Refused together, they are answered spread over the pause's range, not all at once.
      const times = paused.map((answer) => answer.ms);
      expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(PAUSE_MS / 2);
      // Another address is neither refused nor held.
      const other = await client.request('/api/collections', { headers: from('198.51.100.8') });
      expect(other.status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('counts an IPv6 /64 as one address', async () => {
    const limited = await startTestServer({
      trustProxy: 1,
      reads: { perAddress: { max: 5, windowMs: 60_000 }, perAccount: OFF, refusalPauseMs: 0 },
    });
    try {
      const client = limited.client();
      const statuses = [];
      for (let host = 1; host <= 8; host += 1) {
        const response = await client.request('/api/collections', {
          headers: from(`2001:db8:1:2::${host.toString(16)}`),
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
      const neighbour = await client.request('/api/collections', {
        headers: from('2001:db8:1:3::1'),
      });
      expect(neighbour.status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('gates creator searches: past the places and the queue, 503 with Retry-After', async () => {
    const limited = await startTestServer({
      reads: { perAddress: OFF, perAccount: OFF, atOnce: 1, waiting: 2 },
    });
    try {
      const client = limited.client();
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) => client.get(`/api/creators?q=zora${'a'.repeat(i)}`)),
      );
      const statuses = answers.map((response) => response.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(3);
      expect(statuses.filter((status) => status === 503)).toHaveLength(9);
      for (const response of answers.filter((answer) => answer.status === 503)) {
        expect(response.headers.get('retry-after')).toBe('1');
      }
    } finally {
      await limited.close();
    }
  });

  it('runs nothing for requests abandoned while they wait', async () => {
    let statements = 0;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const reads = server.db.publicReads;
    const counted: Database = {
      ...server.db,
      publicReads: {
        query: async (statement, params) => {
          statements += 1;
          await held;
          return reads.query(statement, params);
        },
        transaction: async (work) => {
          statements += 1;
          await held;
          return reads.transaction(work);
        },
      },
    };
    const app = server.secondApp({ db: counted, reads: { atOnce: 1, waiting: 8 } });
    const get = (path: string, signal?: AbortSignal) =>
      app.request(`${ORIGIN}${path}`, signal ? { signal } : {});
    try {
      // One request holds the only place, at its first statement.
      const first = get('/api/collections');
      await vi.waitFor(() => expect(statements).toBe(1));
      const leaving = Array.from({ length: 6 }, () => new AbortController());
      const abandoned = leaving.map((controller, i) =>
        get(FLOOD[i % FLOOD.length] ?? '/api/collections', controller.signal),
      );
      for (const controller of leaving) controller.abort();
      // Answered at once (nobody is there to read it), before the first is done.
      for (const response of await Promise.all(abandoned)) expect(response.status).toBe(503);
      release();
      expect((await first).status).toBe(200);
      const alone = statements;
      // The first request's statements, and not one more: the abandoned ones ran none.
      statements = 0;
      expect((await get('/api/collections')).status).toBe(200);
      expect(alone).toBe(statements);
    } finally {
      await app.stop();
    }
  });

  it('a pool whose queue is full answers 503 with Retry-After, never 500', async () => {
    const limited = await startTestServer({
      pools: { readConnections: 1, queue: 1 },
      reads: { perAddress: OFF, perAccount: OFF, atOnce: 50, waiting: 50 },
    });
    try {
      const client = limited.client();
      // Each at its own cursor: pulls at one cursor share one read (server/sync/pull.ts).
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => client.get(`/api/changes?since=${i}&limit=1000`)),
      );
      const statuses = answers.map((response) => response.status);
      expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
      expect(statuses.filter((status) => status === 503).length).toBeGreaterThan(0);
      expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(0);
      for (const response of answers.filter((answer) => answer.status === 503)) {
        expect(response.headers.get('retry-after')).toBe('1');
      }
      // A bid's pool is not the readers': a write still goes through.
      const bidder = limited.client();
      await bidder.signUp('Bidder');
    } finally {
      await limited.close();
    }
  });
});
