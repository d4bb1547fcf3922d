// Notifications on the account channel (docs/sync.md "Account channel"), on the real database:
// every row written, by whichever event, is appended to its recipient's log (topic
// `notification`) with the very record GET /api/notifications answers, never to the actor's or
// another account's; marking read appends the rows it changed, read; a live stream of the
// recipient gets it within a second. The ending-soon job tells the watchers of a sample
// creator's auction too (its owner, the actor, is no account).
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_LIVE_EVENT,
  AccountLiveBatchSchema,
  accountRecord,
  type AccountChange,
  type AccountPullResponse,
} from '../../shared/account-channel.ts';
import type { Notification, NotificationsPage } from '../../shared/notifications.ts';
import type { MeResponse } from '../../shared/protocol.ts';
import { settleDue } from '../market/settlement.ts';
import { serverWithAccounts } from '../test/accounts.ts';
import type { TestClient } from '../test/harness.ts';
import { makeItem, mutation, pushOne } from '../test/sync-fixtures.ts';
import { fanOutEndingSoon } from './ending-soon.ts';
import { notify } from './write.ts';

const {
  server,
  clients: [ada, bob, cy, dee, eve],
  ids: [adaId, bobId, cyId, , eveId],
} = await serverWithAccounts('Ada', 'Bob', 'Cy', 'Dee', 'Eve');

/** The account's log cursor, as GET /api/me names it. */
async function cursorOf(client: TestClient): Promise<number> {
  const me = (await (await client.get('/api/me')).json()) as MeResponse;
  return me.cursor ?? -1;
}

/** The `notification` entries of the client's log after `since`, oldest first. */
async function logged(client: TestClient, since: number): Promise<AccountChange[]> {
  const found: AccountChange[] = [];
  let cursor = since;
  let more = true;
  while (more) {
    const response = await client.get(`/api/me/changes?since=${cursor}`);
    expect(response.status).toBe(200);
    const page = (await response.json()) as AccountPullResponse;
    expect(page.reset).toBeUndefined();
    found.push(...page.changes.filter((change) => change.topic === 'notification'));
    ({ cursor, more } = page);
  }
  return found;
}

/** The client's inbox (its newest 50), by id. */
async function inbox(client: TestClient): Promise<Map<number, Notification>> {
  const response = await client.get('/api/notifications?limit=50');
  expect(response.status).toBe(200);
  const page = (await response.json()) as NotificationsPage;
  return new Map(page.notifications.map((n) => [n.id, n]));
}

/** Each entry is keyed by its record's id, passes the topic's schema and is the inbox's record. */
async function expectInboxRecords(client: TestClient, entries: AccountChange[]): Promise<void> {
  const records = await inbox(client);
  for (const entry of entries) {
    expect(accountRecord('notification', entry.data)).toEqual(entry.data);
    const record = entry.data as Notification;
    expect(entry.key).toBe(String(record.id));
    expect(records.get(record.id)).toEqual(entry.data);
  }
}

const bid = (itemId: number, priceEth: string) =>
  mutation('bid', { itemId, priceEth, quantity: 1 });

async function applied(client: TestClient, one: ReturnType<typeof mutation>): Promise<void> {
  expect(await pushOne(client, one)).toMatchObject({ status: 'applied' });
}

/** Follows a signed-in client's live stream from account cursor `from`, noting when each of its
 * account's entries arrived. */
async function watch(client: TestClient, from: number) {
  const response = await client.request(`/api/events?mine=${from}`);
  expect(response.status).toBe(200);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const arrived: { change: AccountChange; at: number }[] = [];
  const reading = (async () => {
    let text = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      const blocks = (text + decoder.decode(chunk.value, { stream: true })).split('\n\n');
      text = blocks.pop() ?? '';
      for (const lines of blocks.map((block) => block.split('\n'))) {
        if (!lines.includes(`event: ${ACCOUNT_LIVE_EVENT}`)) continue;
        const data = lines.find((line) => line.startsWith('data: ')) ?? 'data: null';
        const batch = v.parse(AccountLiveBatchSchema, JSON.parse(data.slice(6)));
        arrived.push(...batch.changes.map((change) => ({ change, at: Date.now() })));
      }
    }
  })().catch(() => undefined);
  return {
    arrived,
    /** When the entry of `topic` and `key` arrived (waits up to 3 s). */
    async arrival(topic: string, key: string): Promise<number> {
      const deadline = Date.now() + 3000;
      for (;;) {
        const found = arrived.find(({ change }) => change.topic === topic && change.key === key);
        if (found) return found.at;
        if (Date.now() > deadline) throw new Error(`no ${topic} ${key} arrived`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    async close() {
      await reader.cancel();
      await reading;
    },
  };
}

describe('a notification written', () => {
  it("an outbid reaches the outbid account's log and its live stream within a second, never the bidder's or another's", async () => {
    const itemId = await makeItem(server, { saleKind: 'auctions', ownerId: adaId });
    await applied(bob, bid(itemId, '4'));
    const [bobFrom, cyFrom, adaFrom] = [
      await cursorOf(bob),
      await cursorOf(cy),
      await cursorOf(ada),
    ];
    const stream = await watch(bob, bobFrom);
    await applied(cy, bid(itemId, '5'));
    const answered = Date.now();
    const [entry, ...more] = await logged(bob, bobFrom);
    expect(more).toEqual([]);
    expect(entry?.data).toMatchObject({ kind: 'outbid', itemId, actor: { id: cyId } });
    await expectInboxRecords(bob, entry ? [entry] : []);
    expect(await stream.arrival('notification', entry?.key ?? '')).toBeLessThan(answered + 1000);
    expect(stream.arrived.find(({ change }) => change.topic === 'notification')?.change).toEqual(
      entry,
    );
    await stream.close();
    expect(await logged(cy, cyFrom)).toEqual([]);
    expect(await logged(ada, adaFrom)).toEqual([]);
  });

  it('a toggle turned off stages nothing', async () => {
    await applied(
      dee,
      mutation('profile', {
        section: 'marketplace-notifications',
        fields: { outbid: false },
      }),
    );
    const itemId = await makeItem(server, { saleKind: 'auctions', ownerId: adaId });
    await applied(dee, bid(itemId, '4'));
    const from = { dee: await cursorOf(dee), bob: await cursorOf(bob) };
    await applied(bob, bid(itemId, '4.5'));
    await applied(cy, bid(itemId, '5'));
    // The outbid bid itself still reaches Dee's log; no notification does. Bob's toggle is on.
    expect(await cursorOf(dee)).toBeGreaterThan(from.dee);
    expect(await logged(dee, from.dee)).toEqual([]);
    const bobs = await logged(bob, from.bob);
    expect(bobs.map((entry) => entry.data)).toMatchObject([{ kind: 'outbid', itemId }]);
  });

  it("a settlement's won, sold and lost each reach their account's log as the inbox has them", async () => {
    const itemId = await makeItem(server, { saleKind: 'auctions', ownerId: adaId });
    await applied(bob, bid(itemId, '4'));
    await applied(cy, bid(itemId, '5'));
    const from = { ada: await cursorOf(ada), bob: await cursorOf(bob), cy: await cursorOf(cy) };
    await server.db.query(`UPDATE items SET ends_at = now() - interval '1 second' WHERE id = $1`, [
      itemId,
    ]);
    expect(await settleDue(server.db)).toContain(itemId);
    for (const [client, since, kind] of [
      [cy, from.cy, 'won'],
      [ada, from.ada, 'sold'],
      [bob, from.bob, 'lost'],
    ] as const) {
      const entries = await logged(client, since);
      expect(entries.map((entry) => entry.data)).toMatchObject([{ kind, itemId }]);
      await expectInboxRecords(client, entries);
    }
  });

  it("a follow's notification reaches the creator's log", async () => {
    await applied(ada, mutation('creator', { name: 'Ada', twitter: 'adapaints' }));
    const from = await cursorOf(ada);
    await applied(bob, mutation('follow', { creatorId: adaId, on: true }));
    const entries = await logged(ada, from);
    expect(entries.map((entry) => entry.data)).toMatchObject([
      { kind: 'follower', actor: { id: bobId, name: 'Bob' } },
    ]);
    await expectInboxRecords(ada, entries);
  });

  it("the ending-soon job's rows reach each watcher's log", async () => {
    const itemId = await makeItem(server, {
      saleKind: 'auctions',
      ownerId: adaId,
      endsIn: 30 * 60_000,
    });
    await applied(bob, bid(itemId, '4'));
    await applied(cy, mutation('favourite', { itemId, on: true }));
    const from = { ada: await cursorOf(ada), bob: await cursorOf(bob), cy: await cursorOf(cy) };
    expect(await fanOutEndingSoon(server.db)).toBeGreaterThanOrEqual(1);
    for (const [client, since] of [
      [bob, from.bob],
      [cy, from.cy],
    ] as const) {
      const entries = (await logged(client, since)).filter(
        (entry) => (entry.data as Notification).itemId === itemId,
      );
      expect(entries.map((entry) => entry.data)).toMatchObject([{ kind: 'ending-soon', itemId }]);
      await expectInboxRecords(client, entries);
    }
    const owners = await logged(ada, from.ada);
    expect(owners.filter((entry) => (entry.data as Notification).itemId === itemId)).toEqual([]);
  });

  it("an auction of a sample creator's (no account owns it) tells its watchers, with no actor", async () => {
    const itemId = await makeItem(server, { saleKind: 'auctions', endsIn: 30 * 60_000 });
    await applied(cy, mutation('favourite', { itemId, on: true }));
    const from = await cursorOf(cy);
    expect(await fanOutEndingSoon(server.db)).toBeGreaterThanOrEqual(1);
    const entries = await logged(cy, from);
    expect(entries.map((entry) => entry.data)).toMatchObject([
      { kind: 'ending-soon', itemId, actor: null },
    ]);
    await expectInboxRecords(cy, entries);
  });
});

describe('marking read', () => {
  it('appends the rows it changed, read, and nothing for a row already read or not its own', async () => {
    const itemId = await makeItem(server, { saleKind: 'now', ownerId: adaId });
    for (const title of ['Three', 'Two', 'One']) {
      await notify(server.db, 'outbid', { to: [eveId], itemId, facts: { title } });
    }
    const [newest, second, oldest] = [...(await inbox(eve)).values()];
    if (!newest || !second || !oldest) throw new Error('no notifications');

    let from = await cursorOf(eve);
    await applied(eve, mutation('notification-read', { id: second.id }));
    const one = await logged(eve, from);
    expect(one).toMatchObject([{ key: String(second.id), data: { ...second, read: true } }]);
    await expectInboxRecords(eve, one);

    from = await cursorOf(eve);
    await applied(eve, mutation('notification-read', { id: second.id }));
    await applied(bob, mutation('notifications-read', { upTo: newest.id }));
    expect(await logged(eve, from)).toEqual([]);

    await applied(eve, mutation('notifications-read', { upTo: newest.id }));
    const all = await logged(eve, from);
    expect(all).toMatchObject([
      { key: String(oldest.id), data: { ...oldest, read: true } },
      { key: String(newest.id), data: { ...newest, read: true } },
    ]);
    await expectInboxRecords(eve, all);
  });
});
