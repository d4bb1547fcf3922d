// Notifications (docs/product.md "Notifications"): each kind written by its event, in its
// transaction, with its facts; a toggle off or one's own action writes nothing; a refused bid
// writes nothing; the housekeeping keeps each account's newest NOTIFICATIONS_KEPT.
import { describe, expect, it } from 'vitest';
import {
  NOTIFICATIONS_KEPT,
  notificationWords,
  type Notification,
  type NotificationsPage,
} from '../../shared/notifications.ts';
import { settleDue } from '../market/settlement.ts';
import type { TestClient } from '../test/harness.ts';
import { serverWithAccounts } from '../test/accounts.ts';
import { uploadPng } from '../test/images.ts';
import { makeItem, mutation, pushOne } from '../test/sync-fixtures.ts';
import { fanOutEndingSoon } from './ending-soon.ts';
import { pruneNotifications } from './prune.ts';
import { notify } from './write.ts';

const {
  server,
  clients: [ada, bob, cy, dee],
  ids: [adaId, bobId, cyId],
} = await serverWithAccounts('Ada', 'Bob', 'Cy', 'Dee');

async function inbox(client: TestClient, query = 'limit=50'): Promise<NotificationsPage> {
  const response = await client.get(`/api/notifications?${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as NotificationsPage;
}

/** The client's notifications about the item, oldest first. */
async function about(client: TestClient, itemId: number): Promise<Notification[]> {
  return (await inbox(client)).notifications.filter((n) => n.itemId === itemId).reverse();
}

const bid = (itemId: number, priceEth: string) =>
  mutation('bid', { itemId, priceEth, quantity: 1 });

async function applied(client: TestClient, one: ReturnType<typeof mutation>): Promise<void> {
  expect(await pushOne(client, one)).toMatchObject({ status: 'applied' });
}

const toggle = (section: string, fields: Record<string, boolean>) =>
  mutation('profile', { section: section as 'account-notifications', fields });

async function endNow(itemId: number): Promise<void> {
  await server.db.query(`UPDATE items SET ends_at = now() - interval '1 second' WHERE id = $1`, [
    itemId,
  ]);
}

describe('a bid', () => {
  it('tells the bidder it outbid, with the item, the price and who, and nobody else', async () => {
    const itemId = await makeItem(server, { saleKind: 'auctions', ownerId: adaId });
    await applied(bob, bid(itemId, '4'));
    await applied(cy, bid(itemId, '5'));
    const [outbid, ...more] = await about(bob, itemId);
    expect(more).toEqual([]);
    expect(outbid).toMatchObject({
      kind: 'outbid',
      read: false,
      itemId,
      actor: { id: cyId, name: 'Cy' },
      facts: { title: `Test item ${itemId}`, priceEth: '5.00' },
    });
    expect(notificationWords(outbid as Notification)).toEqual({
      title: 'You were outbid',
      body: `Cy bid 5.00 ETH on Test item ${itemId}.`,
    });
    expect(await about(cy, itemId)).toEqual([]);
    expect(await about(ada, itemId)).toEqual([]);
  });

  it('outbidding oneself tells nobody; a refused bid writes nothing', async () => {
    const itemId = await makeItem(server, { saleKind: 'auctions', ownerId: adaId });
    await applied(bob, bid(itemId, '4'));
    await applied(bob, bid(itemId, '5'));
    expect(await about(bob, itemId)).toEqual([]);
    expect(await pushOne(cy, bid(itemId, '5'))).toMatchObject({ status: 'refused' });
    expect(await about(bob, itemId)).toEqual([]);
  });

  it('tells the owner of an offer; the accepted offer tells its bidder, not the owner', async () => {
    const itemId = await makeItem(server, { saleKind: 'offers', ownerId: adaId });
    const offer = bid(itemId, '1.5');
    await applied(bob, offer);
    expect(await about(ada, itemId)).toMatchObject([
      { kind: 'offer-received', actor: { id: bobId }, facts: { priceEth: '1.50' } },
    ]);
    await applied(ada, mutation('accept-offer', { itemId, bidId: offer.id }));
    expect(await about(bob, itemId)).toMatchObject([
      { kind: 'offer-accepted', actor: { id: adaId }, facts: { priceEth: '1.50' } },
    ]);
    expect(await about(ada, itemId)).toHaveLength(1);
  });

  it('writes no outbid to a bidder who turned it off', async () => {
    await applied(dee, toggle('marketplace-notifications', { outbid: false }));
    const itemId = await makeItem(server, { saleKind: 'auctions', ownerId: adaId });
    await applied(dee, bid(itemId, '4'));
    await applied(cy, bid(itemId, '5'));
    expect(await about(dee, itemId)).toEqual([]);
  });
});

describe('a sale', () => {
  it('settled: the winner won, the seller sold, the other bidders lost', async () => {
    const itemId = await makeItem(server, { saleKind: 'auctions', ownerId: adaId });
    await applied(bob, bid(itemId, '4'));
    await applied(cy, bid(itemId, '5'));
    await endNow(itemId);
    expect(await settleDue(server.db)).toContain(itemId);
    const result = { itemId, facts: { title: `Test item ${itemId}`, priceEth: '5.00' } };
    expect(await about(cy, itemId)).toMatchObject([{ kind: 'won', ...result, actor: null }]);
    expect(await about(ada, itemId)).toMatchObject([
      { kind: 'sold', ...result, actor: { id: cyId } },
    ]);
    expect((await about(bob, itemId)).map((n) => n.kind)).toEqual(['outbid', 'lost']);
  });

  it('an auction ended with no bid tells its owner', async () => {
    const itemId = await makeItem(server, { saleKind: 'auctions', ownerId: adaId });
    await endNow(itemId);
    await settleDue(server.db);
    const [ended] = await about(ada, itemId);
    expect(ended?.kind).toBe('unsold');
    expect(notificationWords(ended as Notification).title).toBe('Your auction ended');
  });

  it('Buy Now tells the seller, and on an auction its bidders', async () => {
    const itemId = await makeItem(server, { saleKind: 'auctions', ownerId: adaId });
    await applied(cy, bid(itemId, '4'));
    await applied(bob, mutation('checkout', { itemId }));
    expect(await about(ada, itemId)).toMatchObject([
      { kind: 'sold', actor: { id: bobId }, facts: { priceEth: '3.50' } },
    ]);
    expect(await about(cy, itemId)).toMatchObject([{ kind: 'lost' }]);
    expect(await about(bob, itemId)).toEqual([]);
  });
});

describe('an auction ending within the hour', () => {
  it('tells its bidders and favouriters once, in batches, after the bids', async () => {
    const itemId = await makeItem(server, {
      saleKind: 'auctions',
      ownerId: adaId,
      endsIn: 30 * 60_000,
    });
    const later = await makeItem(server, {
      saleKind: 'auctions',
      ownerId: adaId,
      endsIn: 7_200_000,
    });
    await applied(bob, bid(itemId, '4'));
    await applied(cy, bid(itemId, '5'));
    await applied(bob, mutation('favourite', { itemId, on: true }));
    await applied(ada, mutation('favourite', { itemId, on: true }));
    await applied(cy, mutation('favourite', { itemId: later, on: true }));
    await applied(dee, mutation('favourite', { itemId, on: true }));
    await applied(dee, toggle('marketplace-notifications', { endingSoon: false }));
    const endingSoon = async (client: TestClient) =>
      (await about(client, itemId)).filter((n) => n.kind === 'ending-soon');
    // One watcher a batch: the fan-out resumes where the batch before stopped.
    expect(await fanOutEndingSoon(server.db, { batch: 1, maxBatches: 2 })).toBe(2);
    expect(await fanOutEndingSoon(server.db, { batch: 1 })).toBeGreaterThanOrEqual(2);
    expect(await endingSoon(bob)).toMatchObject([
      { itemId, facts: { title: `Test item ${itemId}` } },
    ]);
    expect(await endingSoon(cy)).toHaveLength(1);
    expect(await endingSoon(dee)).toEqual([]);
    expect(await endingSoon(ada)).toEqual([]);
    expect((await about(cy, later)).filter((n) => n.kind === 'ending-soon')).toEqual([]);
    expect(await fanOutEndingSoon(server.db)).toBe(0);
    expect(await endingSoon(bob)).toHaveLength(1);
  });
});

describe('follows and mentions', () => {
  it('a new follower tells the creator, until the follows toggle is off', async () => {
    await applied(ada, mutation('creator', { name: 'Ada', twitter: 'adapaints' }));
    await applied(bob, mutation('follow', { creatorId: adaId, on: true }));
    const followers = async () =>
      (await inbox(ada)).notifications.filter((n) => n.kind === 'follower');
    expect(await followers()).toMatchObject([{ actor: { id: bobId, name: 'Bob' }, itemId: null }]);
    await applied(ada, toggle('account-notifications', { follows: false }));
    await applied(cy, mutation('follow', { creatorId: adaId, on: true }));
    expect(await followers()).toHaveLength(1);
  });

  it('an upload or a bio naming a @handle tells its account once mentions are on (off by default)', async () => {
    await applied(bob, mutation('creator', { name: 'Bob', twitter: 'bobpaints' }));
    const upload = async (description: string) => {
      const result = await pushOne(
        cy,
        mutation('item', { title: 'Duet', description, type: 'art', imageId: await uploadPng(cy) }),
      );
      return result.status === 'applied' ? (result.itemId ?? 0) : 0;
    };
    const mentions = async () =>
      (await inbox(bob)).notifications.filter((n) => n.kind === 'mention');
    await upload('With @bobpaints.');
    expect(await mentions()).toEqual([]);
    await applied(bob, toggle('account-notifications', { mentions: true }));
    const itemId = await upload('With @BobPaints. And @nobody, mailto:x@bobpaints.');
    expect(await mentions()).toMatchObject([
      { itemId, actor: { id: cyId }, facts: { title: 'Duet' } },
    ]);
    // A bio naming the handle tells once, not again when saved unchanged.
    const bio = () => mutation('creator', { name: 'Dee', bio: 'Friends with @bobpaints' });
    await applied(dee, bio());
    await applied(dee, bio());
    const [fromBio, ...others] = await mentions();
    expect(others).toHaveLength(1);
    expect(fromBio).toMatchObject({ itemId: null, actor: { name: 'Dee' }, facts: {} });
    expect(notificationWords(fromBio as Notification).body).toBe('Dee mentioned you in their bio.');
  });
});

describe('the inbox', () => {
  it('a write answers each notification it made with its account, the actor and no account aside', async () => {
    const written = await notify(server.db, 'message', {
      to: [cyId, null, 99, bobId],
      actor: bobId,
      facts: { text: 'Hello' },
    });
    expect(written).toEqual([]);
    await applied(cy, toggle('account-notifications', { messages: true }));
    const [one, ...more] = await notify(server.db, 'message', {
      to: [cyId, null, 99, bobId],
      actor: bobId,
      facts: { text: 'Hello' },
    });
    expect(more).toEqual([]);
    expect(one?.accountId).toBe(cyId);
    expect((await inbox(cy)).notifications[0]).toEqual(one?.notification);
  });

  /** A fresh account with `count` notifications written a minute and more ago. */
  async function withNotifications(count: number) {
    const client = server.client();
    const { id } = await client.signUp('Eve');
    await server.db.query(
      `INSERT INTO notifications (account_id, kind, facts, created_at)
       SELECT $1, 'message', jsonb_build_object('text', 'Note ' || g), now() - interval '2 minutes'
       FROM generate_series(1, $2) g`,
      [id, count],
    );
    return { client, id };
  }

  it('pages newest first with the unread count; signed out is a 401', async () => {
    const { client } = await withNotifications(25);
    const first = await client.get('/api/notifications?limit=10');
    expect(first.headers.get('cache-control')).toBe('no-store');
    const page = (await first.json()) as NotificationsPage;
    expect(page.unread).toBe(25);
    expect(page.notifications.map((n) => n.facts.text)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Note ${25 - i}`),
    );
    const texts: string[] = [];
    let next: string | null = null;
    do {
      const seen: NotificationsPage = await inbox(
        client,
        `limit=10${next ? `&before=${next}` : ''}`,
      );
      texts.push(...seen.notifications.map((n) => n.facts.text ?? ''));
      next = seen.next;
    } while (next);
    expect(texts).toHaveLength(25);
    expect(new Set(texts).size).toBe(25);
    expect((await server.client().get('/api/notifications')).status).toBe(401);
    for (const bad of ['limit=0', 'limit=51', 'before=abc', 'before=0']) {
      expect((await client.get(`/api/notifications?${bad}`)).status).toBe(400);
    }
  });

  it('marks one and all read through the push; another account marks none of them', async () => {
    const { client } = await withNotifications(5);
    const [newest, second] = (await inbox(client)).notifications;
    if (!newest || !second) throw new Error('no notifications');
    await applied(bob, mutation('notification-read', { id: second.id }));
    await applied(bob, mutation('notifications-read', { upTo: newest.id }));
    expect((await inbox(client)).unread).toBe(5);
    expect((await inbox(bob)).notifications.map((n) => n.id)).not.toContain(second.id);
    await applied(client, mutation('notification-read', { id: second.id }));
    const after = await inbox(client);
    expect(after.unread).toBe(4);
    expect(after.notifications.find((n) => n.id === second.id)?.read).toBe(true);
    await applied(client, mutation('notifications-read', { upTo: second.id }));
    expect((await inbox(client)).unread).toBe(1);
    await applied(client, mutation('notifications-read', { upTo: newest.id }));
    expect((await inbox(client)).notifications.every((n) => n.read)).toBe(true);
    const signedOut = await server.client().post('/api/push', {
      mutations: [mutation('notifications-read', { upTo: newest.id })],
    });
    expect(signedOut.status).toBe(401);
  });

  it('the housekeeping keeps each account its newest NOTIFICATIONS_KEPT', async () => {
    const many = await withNotifications(NOTIFICATIONS_KEPT + 5);
    const few = await withNotifications(3);
    const newest = (await inbox(many.client, 'limit=1')).notifications[0];
    expect(await pruneNotifications(server.db)).toBeGreaterThanOrEqual(5);
    const count = async (id: number) =>
      (
        await server.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM notifications WHERE account_id = $1',
          [id],
        )
      ).rows[0]?.n;
    expect(await count(many.id)).toBe(NOTIFICATIONS_KEPT);
    expect(await count(few.id)).toBe(3);
    expect((await inbox(many.client, 'limit=1')).notifications[0]).toEqual(newest);
    const oldest = await server.db.query<{ text: string }>(
      `SELECT facts->>'text' AS text FROM notifications WHERE account_id = $1 ORDER BY id LIMIT 1`,
      [many.id],
    );
    expect(oldest.rows[0]?.text).toBe('Note 6');
    expect(await pruneNotifications(server.db)).toBe(0);
  });
});
