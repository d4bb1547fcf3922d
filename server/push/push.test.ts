// Web Push on the real database (PGlite, and PostgreSQL in the same suite) against a real local
// push service (web-push-testing: it decrypts what it is sent and checks the VAPID signature):
// a device subscribes; an outbid reaches it with its words and the item's title; a 410 drops the
// subscription; a refused endpoint is never kept; a sign-out takes the device's subscription; a
// worker that dies between taking a delivery and settling it leaves every row sent after a
// restart, at most the one in flight twice; two workers send each row once; a toggle that is
// off sends nothing; the queue reads the account logs from its cursor, however long they are.
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../db/database.ts';
import { PushMessageSchema, type PushMessage } from '../../shared/push.ts';
import * as v from 'valibot';
import { startTestServer, TEST_PASSWORD, type TestClient } from '../test/harness.ts';
import { startLocalPushService } from '../test/push-service.ts';
import { makeItem, mutation, pushOne } from '../test/sync-fixtures.ts';
import { claimDeliveries, QUEUE_DELIVERIES, queueDeliveries } from './deliveries.ts';
import { sendDelivery } from './send.ts';
import { groupSettler, startPushWorker, type PushWorkerOptions } from './worker.ts';

const service = await startLocalPushService();
afterAll(() => service.close());
const allowOrigins = [service.origin];
const server = await startTestServer({ push: { vapid: {}, allowOrigins } });
afterAll(() => server.close());

type Device = Awaited<ReturnType<typeof service.subscribe>>;

const workerOn = (db: Database, options: Partial<PushWorkerOptions> = {}) =>
  startPushWorker(db, {
    keys: server.app.pushKeys,
    allowOrigins,
    log: () => undefined,
    pollMs: 50,
    ...options,
  });

async function collector(name: string): Promise<TestClient> {
  const client = server.client();
  await client.signUp(name);
  return client;
}

/** Subscribes a new device of the local push service for the client's account. */
async function subscribe(client: TestClient): Promise<Device> {
  const key = (await (await client.get('/api/web-push/key')).json()) as { publicKey: string };
  const device = await service.subscribe(key.publicKey);
  const response = await client.post('/api/web-push/subscription', {
    endpoint: device.endpoint,
    expirationTime: null,
    keys: device.keys,
  });
  expect(response.status).toBe(201);
  return device;
}

const received = async (device: Device): Promise<PushMessage[]> =>
  (await service.messages(device)).map((text) => v.parse(PushMessageSchema, JSON.parse(text)));

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const end = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const bid = async (client: TestClient, itemId: number, priceEth: string) =>
  expect(await pushOne(client, mutation('bid', { itemId, priceEth, quantity: 1 }))).toMatchObject({
    status: 'applied',
  });

/** `victim` bids on a new auction and `rival` outbids it: one outbid for the victim. */
async function outbid(victim: TestClient, rival: TestClient): Promise<number> {
  const itemId = await makeItem(server, { saleKind: 'auctions' });
  await bid(victim, itemId, '4');
  await bid(rival, itemId, '5');
  return itemId;
}

const countOf = async (sql: string, params: unknown[] = []) =>
  (await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params)).rows[0]
    ?.n;

describe('subscribing', () => {
  it('gives the same public key on every ask, and to another process on the database', async () => {
    const ada = await collector('Ada');
    const first = (await (await ada.get('/api/web-push/key')).json()) as { publicKey: string };
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    const other = server.secondApp({ push: { vapid: {}, allowOrigins } });
    const second = (await (
      await other.request('http://localhost:4173/api/web-push/key')
    ).json()) as {
      publicKey: string;
    };
    await other.stop();
    expect(second.publicKey).toBe(first.publicKey);
  });

  it('refuses an endpoint the server must not send to, signed out or too long', async () => {
    const ada = await collector('Ada');
    const keys = {
      p256dh: `B${'A'.repeat(86)}`,
      auth: 'tBHItJI5svbpez7KI4CCXg',
    };
    for (const endpoint of [
      'http://push.example.com/send/1',
      'https://127.0.0.1/send/1',
      'https://10.0.0.7/send/1',
      'https://[::1]/send/1',
      'https://localhost/send/1',
      'https://push.example.com:8443/send/1',
      `https://push.example.com/${'x'.repeat(1100)}`,
      'ftp://push.example.com/1',
    ]) {
      const response = await ada.post('/api/web-push/subscription', { endpoint, keys });
      expect(response.status, endpoint).toBe(400);
      const refusal = (await response.json()) as { fields?: Record<string, string> };
      expect(Object.keys(refusal.fields ?? {}), endpoint).toEqual(['endpoint']);
    }
    const anonymous = server.client();
    const signedOut = await anonymous.post('/api/web-push/subscription', {
      endpoint: 'https://push.example.com/send/1',
      keys,
    });
    expect(signedOut.status).toBe(401);
    expect(
      await countOf('push_subscriptions WHERE endpoint NOT LIKE $1', [`${service.origin}%`]),
    ).toBe(0);
  });

  it('a sign-out removes the device’s subscription; deleting the account its others', async () => {
    const ada = await collector('Ada');
    const phone = await subscribe(ada);
    expect(await countOf('push_subscriptions WHERE endpoint = $1', [phone.endpoint])).toBe(1);
    expect((await ada.post('/api/auth/logout')).status).toBe(204);
    expect(await countOf('push_subscriptions WHERE endpoint = $1', [phone.endpoint])).toBe(0);

    const bob = await collector('Bob');
    const tablet = await subscribe(bob);
    expect((await bob.post('/api/auth/delete', { password: TEST_PASSWORD })).status).toBe(204);
    expect(await countOf('push_subscriptions WHERE endpoint = $1', [tablet.endpoint])).toBe(0);
  });

  it('unsubscribes a device on DELETE', async () => {
    const ada = await collector('Ada');
    const phone = await subscribe(ada);
    const response = await ada.request('/api/web-push/subscription', {
      method: 'DELETE',
      json: { endpoint: phone.endpoint },
    });
    expect(response.status).toBe(204);
    expect(await countOf('push_subscriptions WHERE endpoint = $1', [phone.endpoint])).toBe(0);
  });
});

describe('delivery', () => {
  it('sends an outbid to the device: its words, the item’s title, its tag and page', async () => {
    const [ada, bob] = [await collector('Ada'), await collector('Bob')];
    const phone = await subscribe(ada);
    const worker = workerOn(server.db);
    try {
      const itemId = await outbid(ada, bob);
      const [message, ...more] = await until(
        () => received(phone),
        (m) => m.length > 0,
      );
      expect(more).toEqual([]);
      expect(message).toMatchObject({
        kind: 'outbid',
        title: 'You were outbid',
        body: `Bob bid 5.00 ETH on Test item ${itemId}.`,
        itemTitle: `Test item ${itemId}`,
        tag: `item-${itemId}`,
        url: `/item-detail/${itemId}`,
      });
      expect(
        await until(
          () => countOf('push_deliveries'),
          (n) => n === 0,
        ),
      ).toBe(0);
    } finally {
      await worker.stop();
    }
  });

  it('drops a subscription its push service answers 410 for', async () => {
    const [ada, bob] = [await collector('Ada'), await collector('Bob')];
    const phone = await subscribe(ada);
    await service.expire(phone);
    const worker = workerOn(server.db);
    try {
      await outbid(ada, bob);
      const left = () => countOf('push_subscriptions WHERE endpoint = $1', [phone.endpoint]);
      expect(await until(left, (n) => n === 0)).toBe(0);
      expect(await countOf('push_deliveries')).toBe(0);
    } finally {
      await worker.stop();
    }
  });

  it('drops a subscription whose keys cannot encrypt; the account’s other device gets its message', async () => {
    const [ada, bob] = [await collector('Ada'), await collector('Bob')];
    const phone = await subscribe(ada);
    const broken = `${service.origin}/notify/no-such-device`;
    // 65 bytes, but no point of P-256: no message can be encrypted to it.
    const junk = { p256dh: `BA${'A'.repeat(85)}`, auth: 'tBHItJI5svbpez7KI4CCXg' };
    const response = await ada.post('/api/web-push/subscription', { endpoint: broken, keys: junk });
    expect(response.status).toBe(201);
    const worker = workerOn(server.db);
    try {
      await outbid(ada, bob);
      expect(
        await until(
          () => received(phone),
          (m) => m.length > 0,
        ),
      ).toHaveLength(1);
      const left = () => countOf('push_subscriptions WHERE endpoint = $1', [broken]);
      expect(await until(left, (n) => n === 0)).toBe(0);
    } finally {
      await worker.stop();
    }
  });

  it('with "follows" off, a new follower sends nothing', async () => {
    const ada = server.client();
    const adaId = (await ada.signUp('Ada')).id;
    const [bob, cy] = [await collector('Bob'), await collector('Cy')];
    const phone = await subscribe(ada);
    const applied = async (client: TestClient, one: ReturnType<typeof mutation>) =>
      expect(await pushOne(client, one)).toMatchObject({ status: 'applied' });
    await applied(ada, mutation('creator', { name: 'Ada', twitter: 'adapaints' }));
    const worker = workerOn(server.db);
    try {
      await applied(bob, mutation('follow', { creatorId: adaId, on: true }));
      await until(
        () => received(phone),
        (m) => m.length > 0,
      );
      await applied(
        ada,
        mutation('profile', { section: 'account-notifications', fields: { follows: false } }),
      );
      await applied(cy, mutation('follow', { creatorId: adaId, on: true }));
      // An outbid after the follow: once it is there, a follower's message would be too.
      const itemId = await outbid(ada, bob);
      const messages = await until(
        () => received(phone),
        (m) => m.length > 1,
      );
      expect(messages.map((m) => [m.kind, m.body])).toEqual([
        ['follower', 'Bob follows you.'],
        ['outbid', `Bob bid 5.00 ETH on Test item ${itemId}.`],
      ]);
    } finally {
      await worker.stop();
    }
  });
});

describe('queueing', () => {
  /** Every node of an EXPLAIN (FORMAT JSON) plan. */
  const nodesOf = (node: Record<string, unknown>): Record<string, unknown>[] => [
    node,
    ...((node.Plans as Record<string, unknown>[] | undefined) ?? []).flatMap(nodesOf),
  ];

  it('reads the account logs from its cursor by their index, however long the logs', async () => {
    const account = await server.client().signUp('Cy');
    const append = (count: number) =>
      server.db.query(
        `INSERT INTO account_changes (account_id, topic, key, data)
         SELECT $1::int, 'test', g::text, '{}' FROM generate_series(1, $2::int) g`,
        [account.id, count],
      );
    await append(3000);
    while ((await queueDeliveries(server.db, 1000)) === 1000);
    await append(3);
    // The statistics autovacuum would have by now on a server that ran a while.
    await server.db.query('ANALYZE account_changes');
    const explained = await server.db.query<{ 'QUERY PLAN': [{ Plan: Record<string, unknown> }] }>(
      `EXPLAIN (ANALYZE, FORMAT JSON) ${QUEUE_DELIVERIES}`,
      [500],
    );
    const [plan] = explained.rows.map((row) => row['QUERY PLAN'][0].Plan);
    expect(plan).toBeDefined();
    const read = nodesOf(plan ?? {}).filter((node) => node['Relation Name'] === 'account_changes');
    // The three new entries, not the 3,000 behind the cursor.
    expect(read.map((node) => node['Actual Rows'])).toEqual([3]);
  });
});

describe('settling', () => {
  it('settles the sends that end while a settling runs in one statement', async () => {
    const [ada, bob] = [await collector('Ada'), await collector('Bob')];
    await subscribe(ada);
    for (let i = 0; i < 5; i += 1) await outbid(ada, bob);
    await queueDeliveries(server.db, 1000);
    const taken = await claimDeliveries(server.db, 5, 30_000);
    expect(taken).toHaveLength(5);
    const statements: string[] = [];
    const { query } = server.db;
    server.db.query = ((...args: Parameters<typeof query>) => {
      statements.push(String(args[0]));
      return query.apply(server.db, args);
    }) as typeof query;
    try {
      const settle = groupSettler(server.db);
      // The first settles at once; the four that end while it runs wait and go together.
      await Promise.all(taken.map((claimed) => settle({ claimed, outcome: 'sent' })));
    } finally {
      server.db.query = query;
    }
    expect(statements).toHaveLength(2);
    expect(statements.every((sql) => sql.startsWith('DELETE FROM push_deliveries'))).toBe(true);
    const ids = taken.map((claimed) => claimed.id);
    expect(await countOf('push_deliveries WHERE id = ANY($1::bigint[])', [ids])).toBe(0);
  });
});

describe('faults', () => {
  it('a worker that dies between taking and settling: every row sent after a restart, the one in flight at most twice', async () => {
    const [ada, bob] = [await collector('Ada'), await collector('Bob')];
    const phone = await subscribe(ada);
    const items = [await outbid(ada, bob), await outbid(ada, bob), await outbid(ada, bob)];
    // The dying worker: it queues, takes one delivery, sends it, and is gone before settling.
    await queueDeliveries(server.db, 1000);
    const [inFlight, ...none] = await claimDeliveries(server.db, 1, 300);
    expect(none).toEqual([]);
    if (!inFlight) throw new Error('no delivery taken');
    const keys = await server.app.pushKeys();
    expect(await sendDelivery(inFlight, { keys, allowOrigins })).toBe('sent');
    // The restart.
    const worker = workerOn(server.db, { leaseMs: 300 });
    try {
      await until(
        () => countOf('push_deliveries'),
        (n) => n === 0,
      );
      const tags = (await received(phone)).map((m) => m.tag).sort();
      const expected = items.map((id) => `item-${id}`);
      const inFlightTag = `item-${inFlight.notification.itemId}`;
      expect(tags).toEqual([...expected, inFlightTag].sort());
    } finally {
      await worker.stop();
    }
  });

  it('two workers on one database send each row once', async () => {
    const [ada, bob] = [await collector('Ada'), await collector('Bob')];
    const phone = await subscribe(ada);
    // A second process: its own connections to the same database (PostgreSQL), or the one
    // embedded database (PGlite has one connection).
    let other = server.db;
    if (server.db.kind === 'postgres' && process.env.DATABASE_URL) {
      const { rows } = await server.db.query<{ name: string }>('SELECT current_database() AS name');
      const url = new URL(process.env.DATABASE_URL);
      url.pathname = `/${rows[0]?.name}`;
      other = await openPostgres(url.href);
    }
    const few = { batch: 3, queueBatch: 3 };
    const workers = [workerOn(server.db, few), workerOn(other, few)];
    try {
      const items: number[] = [];
      for (let i = 0; i < 12; i += 1) items.push(await outbid(ada, bob));
      await until(
        () => received(phone),
        (m) => m.length >= items.length,
      );
      await until(
        () => countOf('push_deliveries'),
        (n) => n === 0,
      );
      const tags = (await received(phone)).map((m) => m.tag).sort();
      expect(tags).toEqual(items.map((id) => `item-${id}`).sort());
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
      if (other !== server.db) await other.close();
    }
  });
});
