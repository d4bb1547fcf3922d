// The snapshot a device starts from, the log's horizon and its compaction (docs/sync.md
// "Snapshot", "Compaction"), on the real database: a device that follows the rules (snapshot
// when it has no cursor or is told to start over, then the log, never going backwards) ends
// with exactly what the tables hold, whatever compaction did meanwhile, with writers at work
// and with two server processes compacting at once.
import { afterAll, describe, expect, it } from 'vitest';
import {
  FIRST_ACCOUNT_ID,
  FIRST_SERVER_ITEM_ID,
  KEPT_ACTIVITY,
  KEPT_BIDS_PER_ITEM,
  SNAPSHOT_BEHIND,
  SNAPSHOT_CREATORS,
  SNAPSHOT_MOST_FOLLOWED,
  SNAPSHOT_NEWEST_ITEMS,
  SNAPSHOT_RUNNING_AUCTIONS,
  type Change,
  type LiveHello,
  type PullResponse,
  type SnapshotPage,
} from '../../shared/protocol.ts';
import {
  creatorSnapshot,
  itemSnapshot,
  recordCreatorChange,
  recordItemChange,
} from '../core/snapshots.ts';
import { openPostgres, type Database } from '../db/database.ts';
import { bidsWhere } from '../market/bid-records.ts';
import { serverWithAccounts } from '../test/accounts.ts';
import type { TestClient } from '../test/harness.ts';
import { makeItem, mutation, push } from '../test/sync-fixtures.ts';
import { compactLog, logWindow } from './compaction.ts';

const {
  server,
  clients: [ada, bob],
} = await serverWithAccounts('Ada', 'Bob');

/** A device's public records as the rules say it keeps them: from the log, an item only when
 * it holds it or the item is new (made after every item it holds), a bid only for an item it
 * holds, a creator likewise (it follows none here) (docs/sync.md "Working set"). */
class Replica {
  cursor: number | null = null;
  records = new Map<string, { seq: number; data: unknown }>();
  snapshots = 0;

  holds(itemId: number) {
    return itemId < FIRST_SERVER_ITEM_ID || this.records.has(`item:${itemId}`);
  }

  newest(topic: 'item' | 'creator') {
    const ids = [...this.records.keys()]
      .filter((key) => key.startsWith(`${topic}:`))
      .map((key) => Number(key.slice(topic.length + 1)));
    return Math.max(0, ...ids);
  }

  apply(changes: readonly Change[], fromLog = false) {
    for (const change of changes) {
      const key = `${change.topic}:${change.key}`;
      const held = this.records.get(key);
      if (held && held.seq > change.seq) continue; // never backwards
      if (fromLog && !held && change.data !== null) {
        const id = Number(change.key);
        if (change.topic === 'item' && id >= FIRST_SERVER_ITEM_ID && id <= this.newest('item')) {
          continue;
        }
        if (change.topic === 'creator' && id >= FIRST_ACCOUNT_ID && id <= this.newest('creator')) {
          continue;
        }
        const itemId = (change.data as { itemId?: number }).itemId;
        if (change.topic === 'bid' && itemId !== undefined && !this.holds(itemId)) continue;
      }
      if (change.data === null) this.records.delete(key);
      else this.records.set(key, { seq: change.seq, data: change.data });
    }
  }

  async snapshot(client: TestClient) {
    this.snapshots += 1;
    let page: SnapshotPage = await (await client.get('/api/snapshot')).json();
    const base = page.cursor;
    // Ahead of the snapshot, the device followed a log the server no longer has: what it
    // stamped later counts as older (src/data/sync/snapshot-end.ts).
    if (this.cursor !== null && this.cursor > base) {
      for (const record of this.records.values()) if (record.seq > base) record.seq = 0;
    }
    for (;;) {
      this.apply(page.records);
      if (page.next === null) break;
      page = await (await client.get(`/api/snapshot?page=${page.next}`)).json();
    }
    for (const [key, record] of this.records) if (record.seq < base) this.records.delete(key);
    this.cursor = base;
  }

  async catchUp(client: TestClient) {
    if (this.cursor === null) await this.snapshot(client);
    for (;;) {
      const pulled: PullResponse = await (
        await client.get(`/api/changes?since=${this.cursor}`)
      ).json();
      if (pulled.reset) {
        await this.snapshot(client);
        continue;
      }
      this.apply(pulled.changes, true);
      this.cursor = pulled.cursor;
      if (!pulled.more) return;
    }
  }

  of(topic: string) {
    return new Map(
      [...this.records]
        .filter(([key]) => key.startsWith(`${topic}:`))
        .map(([key, record]) => [key.slice(topic.length + 1), record.data]),
    );
  }
}

/** The items a snapshot holds: the sample, the newest and the running auctions ending soonest
 * (what the home page shows), as the tables say now. */
async function homeItemIds(db: Database): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM items WHERE id < $1
     UNION (SELECT id FROM items ORDER BY list_order LIMIT $2)
     UNION (SELECT id FROM items i WHERE sale_kind = 'auctions' AND ends_at > now()
       AND settled_at IS NULL AND unlisted_at IS NULL
       AND NOT EXISTS (SELECT 1 FROM purchases p WHERE p.item_id = i.id)
       ORDER BY ends_at, list_order LIMIT $3)`,
    [FIRST_SERVER_ITEM_ID, SNAPSHOT_NEWEST_ITEMS, SNAPSHOT_RUNNING_AUCTIONS],
  );
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/** The creators a snapshot holds: the sample's, the creators list's first page and most
 * followed, and the creators and owners of its items, as the tables say now. */
async function homeCreatorIds(db: Database): Promise<number[]> {
  const items = await homeItemIds(db);
  const listed = `NOT data ? 'deleted'`;
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM creators WHERE id < $1
     UNION (SELECT id FROM creators WHERE ${listed}
       ORDER BY CASE WHEN id < $1 THEN id ELSE -id END LIMIT $2)
     UNION (SELECT id FROM creators WHERE ${listed}
       ORDER BY followers_base + follower_count DESC, id LIMIT $3)
     UNION SELECT creator_id FROM items WHERE id = ANY($4)
     UNION SELECT owner_id FROM items WHERE id = ANY($4)`,
    [FIRST_ACCOUNT_ID, SNAPSHOT_CREATORS, SNAPSHOT_MOST_FOLLOWED, items],
  );
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/** What a device must hold: the creators and items it holds as they are now (at least the
 * home page's), each such item's newest bids, the newest activity, as the tables say now. */
async function truth(db: Database, heldItems: Iterable<string>, heldCreators: Iterable<string>) {
  const items = new Map<string, unknown>();
  const ids = new Set([...heldItems].map(Number));
  for (const id of await homeItemIds(db)) ids.add(id);
  for (const id of ids) items.set(String(id), await itemSnapshot(db, id));
  const creators = new Map<string, unknown>();
  const creatorIds = new Set([...heldCreators].map(Number));
  for (const id of await homeCreatorIds(db)) creatorIds.add(id);
  for (const id of creatorIds) {
    const creator = await creatorSnapshot(db, id);
    if (creator) creators.set(String(id), creator);
  }
  const bids = new Map<string, unknown>();
  const { rows: kept } = await db.query<{ id: string }>(
    `SELECT k.id FROM items i, LATERAL (SELECT id FROM bids b WHERE b.item_id = i.id
       ORDER BY created_at DESC, id DESC LIMIT ${KEPT_BIDS_PER_ITEM}) k
     WHERE i.id = ANY($1)`,
    [[...ids]],
  );
  const keptIds = kept.map((row) => row.id);
  for (const bid of await bidsWhere(db, 'id = ANY($1)', [keptIds])) bids.set(bid.id, bid);
  const { rows: activity } = await db.query<{ id: string; data: unknown }>(
    `SELECT id, data FROM activity ORDER BY created_at DESC, id DESC LIMIT ${KEPT_ACTIVITY}`,
  );
  return { items, creators, bids, activity: new Map(activity.map((row) => [row.id, row.data])) };
}

async function expectCurrent(replica: Replica) {
  const now = await truth(server.db, replica.of('item').keys(), replica.of('creator').keys());
  expect(replica.of('item')).toEqual(now.items);
  expect(replica.of('creator')).toEqual(now.creators);
  // The log may still carry older bids and activity the device then trims; what it keeps
  // (the newest) must be exact.
  const bids = replica.of('bid');
  for (const [id, bid] of now.bids) expect(bids.get(id)).toEqual(bid);
  const activity = replica.of('activity');
  for (const [id, entry] of now.activity) expect(activity.get(id)).toEqual(entry);
}

/** Bids on an auction, one push of `count` rising bids from `client`. */
async function bidUp(client: TestClient, itemId: number, from: number, count: number) {
  const bids = Array.from({ length: count }, (_, i) =>
    mutation('bid', { itemId, priceEth: (from + i * 0.1).toFixed(2), quantity: 1 }),
  );
  const { status, body } = await push(client, ...bids);
  expect(status).toBe(200);
  return body.results;
}

/**
 * A live stream opened at `since` once its hello says the hub has read the log up to it (the
 * hub reads a moment after a commit): such a stream follows the hub with no start-over check of
 * its own. `rest` is its whole text once it ends.
 */
async function streamAtHub(client: TestClient, since: number): Promise<{ rest: Promise<string> }> {
  const decoder = new TextDecoder();
  for (let tries = 0; tries < 100; tries += 1) {
    const body = (await client.get(`/api/events?since=${since}`)).body;
    if (!body) throw new Error('the stream has no body');
    const reader = body.getReader();
    let text = '';
    while (!text.includes('\n\n')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    const hello = JSON.parse(/^data: (.*)$/m.exec(text)?.[1] ?? 'null') as LiveHello | null;
    if (hello?.cursor === since) {
      const rest = async () => {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return text;
          text += decoder.decode(value, { stream: true });
        }
      };
      return { rest: rest() };
    }
    await reader.cancel();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the hub never reached ${since}`);
}

async function logRows(topic: string, key: string) {
  const { rows } = await server.db.query<{ seq: string }>(
    'SELECT seq FROM changes WHERE topic = $1 AND key = $2 ORDER BY seq',
    [topic, key],
  );
  return rows.length;
}

describe('the snapshot', () => {
  it('carries the creators the home and creators pages show, the items of the home page with their newest bids and the newest activity, stamped with its cursor', async () => {
    const itemId = await makeItem(server, {
      saleKind: 'auctions',
      endsIn: 3_600_000,
      highestBidEth: '1',
    });
    await bidUp(ada, itemId, 2, 25);
    const before = (await logWindow(server.db)).newest;
    const first: SnapshotPage = await (await ada.get('/api/snapshot')).json();
    expect(first.cursor).toBeGreaterThanOrEqual(before);
    const pages = [first];
    while (pages.at(-1)?.next) {
      const next = pages.at(-1)?.next as string;
      pages.push(await (await ada.get(`/api/snapshot?page=${next}`)).json());
    }
    const records = pages.flatMap((page) =>
      page.records.map((record) => ({ ...record, cursor: page.cursor })),
    );
    for (const record of records) expect(record.seq).toBe(record.cursor);
    const bidsOfItem = records.filter(
      (r) => r.topic === 'bid' && (r.data as { itemId: number }).itemId === itemId,
    );
    expect(bidsOfItem).toHaveLength(KEPT_BIDS_PER_ITEM);
    // The newest 20 of 25: the highest, since each bid beat the last.
    const prices = bidsOfItem.map((r) => Number((r.data as { priceEth: string }).priceEth));
    expect(Math.min(...prices)).toBeCloseTo(2.5);
    const itemIds = records.filter((r) => r.topic === 'item').map((r) => Number(r.key));
    expect(itemIds.sort((a, b) => a - b)).toEqual(await homeItemIds(server.db));
    const creatorIds = records.filter((r) => r.topic === 'creator').map((r) => Number(r.key));
    expect(creatorIds.sort((a, b) => a - b)).toEqual(await homeCreatorIds(server.db));
    expect(records.filter((r) => r.topic === 'activity').length).toBeLessThanOrEqual(KEPT_ACTIVITY);
    const replica = new Replica();
    await replica.catchUp(ada);
    await expectCurrent(replica);
  });

  it('leaves out what the home page does not show; the log then brings new items, not changes of items a device does not hold', async () => {
    const made: number[] = [];
    for (let i = 0; i < SNAPSHOT_NEWEST_ITEMS + 3; i += 1) {
      made.push(await makeItem(server, { saleKind: 'now' }));
    }
    const replica = new Replica();
    await replica.catchUp(ada);
    const held = [...replica.of('item').keys()].map(Number);
    expect(held.sort((a, b) => a - b)).toEqual(await homeItemIds(server.db));
    const oldest = made[0] as number;
    expect(held).not.toContain(oldest);
    expect(held).toContain(made.at(-1));
    // A favourite changes the oldest (not held); an item made now is new.
    const { status } = await push(bob, mutation('favourite', { itemId: oldest, on: true }));
    expect(status).toBe(200);
    expect(await logRows('item', String(oldest))).toBe(1);
    const fresh = await makeItem(server, { saleKind: 'now' });
    await recordItemChange(server.db, fresh);
    await replica.catchUp(ada);
    expect(replica.of('item').has(String(oldest))).toBe(false);
    expect(replica.of('item').get(String(fresh))).toEqual(await itemSnapshot(server.db, fresh));
    await expectCurrent(replica);
  });

  it('leaves out the creators the pages do not show; the log then brings new creators, not changes of creators a device does not hold', async () => {
    // Creators of accounts (ids from FIRST_ACCOUNT_ID), more than the list's first page.
    const base = 900_000;
    const count = SNAPSHOT_CREATORS + 3;
    await server.db.query(
      `INSERT INTO creators (id, data)
       SELECT $1 + n, jsonb_build_object('id', $1 + n, 'name', 'Maker ' || n, 'handle', '@m' || n,
         'avatar', '/a.png', 'banner', '/b.png', 'verified', false, 'bio', '', 'volumeEth', '0',
         'thumbnails', jsonb_build_array('/a.png', '/a.png'), 'userCreated', true)
       FROM generate_series(1, $2) AS n`,
      [base, count],
    );
    for (let n = 1; n <= count; n += 1) await recordCreatorChange(server.db, base + n);
    const replica = new Replica();
    await replica.catchUp(ada);
    const held = [...replica.of('creator').keys()].map(Number);
    expect(held.sort((a, b) => a - b)).toEqual(await homeCreatorIds(server.db));
    const oldest = base + 1;
    expect(held).not.toContain(oldest);
    expect(held).toContain(base + count);
    // The oldest gains followers (not held: not stored); a creator made now is new (stored).
    await server.db.query('UPDATE creators SET followers_base = 3 WHERE id = $1', [oldest]);
    await recordCreatorChange(server.db, oldest);
    const fresh = base + count + 1;
    await server.db.query(
      `INSERT INTO creators (id, data) SELECT $1, data || jsonb_build_object('id', $1::int)
       FROM creators WHERE id = $2`,
      [fresh, oldest],
    );
    await recordCreatorChange(server.db, fresh);
    await replica.catchUp(ada);
    expect(replica.of('creator').has(String(oldest))).toBe(false);
    expect(replica.of('creator').get(String(fresh))).toEqual(
      await creatorSnapshot(server.db, fresh),
    );
    await expectCurrent(replica);
  });

  it('answers the page of a focus first, with its item and bids, then the rest', async () => {
    const itemId = await makeItem(server, {
      saleKind: 'auctions',
      endsIn: 3_600_000,
      highestBidEth: '1',
    });
    await bidUp(bob, itemId, 3, 3);
    const page: SnapshotPage = await (
      await bob.get(`/api/snapshot?page=focus:item:${itemId}`)
    ).json();
    // Its creator (and owner: the same here) first, so the page names them.
    const item = await itemSnapshot(server.db, itemId);
    expect(page.records.map((r) => r.topic)).toEqual(['creator', 'item', 'bid', 'bid', 'bid']);
    expect(page.records[0]?.data).toEqual(await creatorSnapshot(server.db, item?.creatorId ?? 0));
    expect(page.records[1]?.data).toEqual(item);
    expect(page.next).toBe('creator:0');
    const activity: SnapshotPage = await (
      await bob.get('/api/snapshot?page=focus:activity')
    ).json();
    expect(activity.records.every((r) => r.topic === 'activity')).toBe(true);
    expect(activity.records.length).toBeGreaterThan(0);
  });

  it('refuses a page it does not know, with a message', async () => {
    const pastIds = ['focus:item:9999999999', 'focus:item:2147483648', 'creator:2147483648'];
    for (const page of ['nonsense', 'item:-1', 'item:99999999999', 'focus:item:x', ...pastIds]) {
      const response = await ada.get(`/api/snapshot?page=${page}`);
      expect(response.status, page).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(/page/);
    }
  });
});

describe('the horizon', () => {
  it('tells a device more than SNAPSHOT_BEHIND entries behind to start from the snapshot', async () => {
    const { newest } = await logWindow(server.db);
    const near: PullResponse = await (await ada.get(`/api/changes?since=${newest}`)).json();
    expect(near.reset).toBeUndefined();
    await server.db.query(
      `INSERT INTO changes (topic, key, data)
       SELECT 'creator', '999999', NULL FROM generate_series(1, $1)`,
      [SNAPSHOT_BEHIND + 1],
    );
    const far: PullResponse = await (await ada.get(`/api/changes?since=${newest}`)).json();
    expect(far).toEqual({
      changes: [],
      cursor: newest,
      more: false,
      reset: true,
      logId: expect.any(String),
    });
    // The live stream says the same, then ends.
    const stream = await ada.get(`/api/events?since=${newest}`);
    const text = await stream.text();
    expect(text).toMatch(/event: reset\n/);
  });
});

describe('compaction', () => {
  it('keeps one entry per record and the newest bids and activity, and sends devices behind it to the snapshot', async () => {
    const itemId = await makeItem(server, {
      saleKind: 'auctions',
      endsIn: 3_600_000,
      highestBidEth: '1',
    });
    const early = new Replica();
    await early.catchUp(bob);
    await bidUp(ada, itemId, 5, 30);
    expect(await logRows('item', String(itemId))).toBeGreaterThan(1);
    const { newest } = await logWindow(server.db);
    const run = await compactLog(server.db, { keep: 0, pauseMs: 0 });
    expect(run.horizon).toBe(newest);
    expect(run.deleted).toBeGreaterThan(30);
    expect(await logRows('item', String(itemId))).toBe(1);
    const { rows } = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM changes WHERE topic = 'bid' AND data->>'itemId' = $1`,
      [String(itemId)],
    );
    expect(rows[0]?.n).toBe(KEPT_BIDS_PER_ITEM);
    // Behind the horizon: told to start over, then current.
    const pulled: PullResponse = await (await bob.get(`/api/changes?since=${early.cursor}`)).json();
    expect(pulled.reset).toBe(true);
    await early.catchUp(bob);
    expect(early.snapshots).toBe(2);
    await expectCurrent(early);
    // A second run has nothing to do.
    expect((await compactLog(server.db, { keep: 0 })).deleted).toBe(0);
  });

  it('runs while collectors bid, in batches, and every device ends with the truth', async () => {
    const itemId = await makeItem(server, {
      saleKind: 'auctions',
      endsIn: 3_600_000,
      highestBidEth: '1',
    });
    const follower = new Replica();
    await follower.catchUp(ada);
    let bidding = true;
    const compacting = (async () => {
      let runs = 0;
      while (bidding || runs === 0) {
        await compactLog(server.db, { keep: 15, pauseMs: 0 });
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    for (let round = 0; round < 6; round += 1) {
      const [a, b] = await Promise.all([
        bidUp(ada, itemId, 10 + round, 5),
        bidUp(bob, itemId, 10.05 + round, 5),
        follower.catchUp(ada),
      ]);
      expect([...(a ?? []), ...(b ?? [])].some((r) => r.status === 'applied')).toBe(true);
    }
    bidding = false;
    await compacting;
    await follower.catchUp(ada);
    await expectCurrent(follower);
    const fresh = new Replica();
    await fresh.catchUp(bob);
    await expectCurrent(fresh);
  });
});

// Two server processes on one PostgreSQL: each its own pool; on PGlite, one database compacted
// by two runs at once.
describe('two compactions at once', () => {
  const url = process.env.DATABASE_URL;
  let other: Database | null = null;
  afterAll(() => other?.close());

  it('never delete what the other keeps, and end at the same horizon', async () => {
    const itemId = await makeItem(server, {
      saleKind: 'auctions',
      endsIn: 3_600_000,
      highestBidEth: '1',
    });
    await bidUp(ada, itemId, 40, 40);
    if (url) {
      // The test server's database is a database of its own on that PostgreSQL.
      const { rows } = await server.db.query<{ name: string }>('SELECT current_database() AS name');
      const target = new URL(url);
      target.pathname = `/${rows[0]?.name}`;
      other = await openPostgres(target.href);
    }
    const second = other ?? server.db;
    const { newest } = await logWindow(server.db);
    const runs = await Promise.all([
      compactLog(server.db, { keep: 5, pauseMs: 0 }),
      compactLog(second, { keep: 5, pauseMs: 0 }),
      bidUp(bob, itemId, 50, 10),
    ]);
    await compactLog(server.db, { keep: 5, pauseMs: 0 });
    expect((await logWindow(second)).horizon).toBeGreaterThanOrEqual(newest - 5);
    expect(runs[0].deleted + runs[1].deleted).toBeGreaterThan(0);
    const fresh = new Replica();
    await fresh.catchUp(ada);
    await expectCurrent(fresh);
  });
});

// The log as an older backup has it: its entries after `backup` gone, its sequence back there.
describe('a database restored from an older backup', () => {
  it('tells a device ahead of the newest entry to start over, on a pull and on the stream, and the device ends with the truth', async () => {
    const itemId = await makeItem(server, {
      saleKind: 'auctions',
      endsIn: 3_600_000,
      highestBidEth: '1',
    });
    const device = new Replica();
    await device.catchUp(ada);
    const backup = device.cursor as number;
    await bidUp(ada, itemId, 2, 3);
    await device.catchUp(ada);
    const ahead = device.cursor as number;
    expect(ahead).toBeGreaterThan(backup + 4);
    // A stream open at the device's cursor, following the hub, when the database goes back.
    const open = await streamAtHub(ada, ahead);
    await server.db.query('DELETE FROM changes WHERE seq > $1', [backup]);
    await server.db.query(`SELECT setval(pg_get_serial_sequence('changes', 'seq'), $1)`, [backup]);
    await server.db.query(`SELECT pg_notify('artmint_changes', '')`);
    // It ends; its browser reconnects from its cursor and is told to start over.
    expect(await open.rest).not.toMatch(/event: reset\n/);
    const again = await ada.get(`/api/events?since=${ahead}`);
    expect(await again.text()).toMatch(/event: reset\n/);
    const pulled: PullResponse = await (await bob.get(`/api/changes?since=${ahead}`)).json();
    expect(pulled).toEqual({
      changes: [],
      cursor: ahead,
      more: false,
      reset: true,
      logId: expect.any(String),
    });
    // At the newest entry, a device follows the log as always.
    const current: PullResponse = await (await bob.get(`/api/changes?since=${backup}`)).json();
    expect(current).toEqual({
      changes: [],
      cursor: backup,
      more: false,
      logId: expect.any(String),
    });
    // The restored database takes a bid under sequences the device saw before.
    await bidUp(bob, itemId, 5, 1);
    expect((await logWindow(server.db)).newest).toBeLessThan(ahead);
    await device.catchUp(ada);
    expect(device.snapshots).toBe(2);
    await expectCurrent(device);
  });
});
