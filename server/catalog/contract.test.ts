// The contract between the server's SQL and the app (issue 30): the JSON the database builds for
// an item (ITEM_JSON), a creator (CREATOR_JSON), a bid (bidJson) and an activity entry (written
// by the writes and by artmint_place_bid) is what the shared schemas say (shared/schemas.ts,
// shared/protocol.ts CHANGE_SCHEMAS), read as a device reads it: from the snapshot and the change
// log. Strict: every field the schema requires is there, and the SQL adds none it does not know.
// A field the SQL drops fails the check, as the last tests show on the same SQL.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  CHANGE_SCHEMAS,
  type Change,
  type ChangeTopic,
  type PullResponse,
  type SnapshotPage,
} from '../../shared/protocol.ts';
import { bidJson } from '../market/bid-records.ts';
import { serverWithAccounts } from '../test/accounts.ts';
import { uploadPng } from '../test/images.ts';
import type { TestClient } from '../test/harness.ts';
import { changesSince, makeItem, mutation, pushOne } from '../test/sync-fixtures.ts';
import { CREATOR_JSON, ITEM_JSON } from '../core/snapshots.ts';

const {
  server,
  clients: [ada, bob],
  ids: [adaId],
} = await serverWithAccounts('Ada', 'Bob');

/** The topic's schema, strict: no field it does not know. */
const strict = (topic: ChangeTopic) => v.strictObject(CHANGE_SCHEMAS[topic].entries);

/** The fields a record of the topic must have (not optional in its schema). */
const required = (topic: ChangeTopic) =>
  Object.entries(CHANGE_SCHEMAS[topic].entries)
    .filter(([, schema]) => schema.type !== 'optional' && schema.type !== 'nullish')
    .map(([key]) => key);

async function snapshotRecords(client: TestClient): Promise<Change[]> {
  const records: Change[] = [];
  let page: SnapshotPage = await (await client.get('/api/snapshot')).json();
  records.push(...page.records);
  while (page.next !== null) {
    page = await (await client.get(`/api/snapshot?page=${page.next}`)).json();
    records.push(...page.records);
  }
  return records;
}

async function logRecords(client: TestClient): Promise<Change[]> {
  const changes: Change[] = [];
  for (let cursor = 0; ;) {
    const pulled: PullResponse = await changesSince(client, cursor);
    expect(pulled.reset).toBeUndefined();
    changes.push(...pulled.changes);
    cursor = pulled.cursor;
    if (!pulled.more) return changes;
  }
}

/** Each record that fails its schema, with the first issue's path and message. */
function failures(records: readonly Change[]): string[] {
  return records.flatMap((record) => {
    if (record.data === null) return [];
    const result = v.safeParse(strict(record.topic), record.data);
    if (result.success) return [];
    const [issue] = result.issues;
    return [`${record.topic} ${record.key}: ${v.getDotPath(issue) ?? ''} ${issue.message}`];
  });
}

describe('the JSON the SQL builds matches the shared schemas', () => {
  it('every record of the snapshot and the log, after bids, an offer, a sale and an upload', async () => {
    // An auction bid (Bid, with an actor), an offer on a fixed price item (Offer), a Buy Now
    // (soldTo, Purchase), an unlisted item, an upload (with no end: a null liveDate) that makes
    // Ada a creator.
    const auction = await makeItem(server, { saleKind: 'auctions', endsIn: 3_600_000 });
    const fixed = await makeItem(server, { saleKind: 'now', endsIn: 3_600_000 });
    const bought = await makeItem(server, { saleKind: 'now', endsIn: 3_600_000 });
    const unlisted = await makeItem(server, {
      saleKind: 'offers',
      ownerId: adaId,
      endsIn: 3_600_000,
    });
    for (const [client, m] of [
      [bob, mutation('bid', { itemId: auction, priceEth: '9', quantity: 2 })],
      [bob, mutation('bid', { itemId: fixed, priceEth: '2', quantity: 1 })],
      [bob, mutation('checkout', { itemId: bought })],
      [ada, mutation('unlist', { itemId: unlisted })],
      [
        ada,
        mutation('item', {
          title: 'Contract',
          description: 'An upload with no end.',
          type: 'gifs',
          imageId: await uploadPng(ada),
        }),
      ],
    ] as const) {
      expect(await pushOne(client, m)).toMatchObject({ status: 'applied' });
    }

    const records = [...(await snapshotRecords(bob)), ...(await logRecords(bob))];
    expect(failures(records)).toEqual([]);
    const topics = new Set(records.map((record) => record.topic));
    expect([...topics].sort()).toEqual(['activity', 'bid', 'creator', 'item']);
    const items = records.filter((r) => r.topic === 'item').map((r) => r.data);
    expect(items).toContainEqual(expect.objectContaining({ id: bought, soldTo: 'Bob' }));
    expect(items).toContainEqual(expect.objectContaining({ id: unlisted, unlisted: true }));
    expect(items).toContainEqual(expect.objectContaining({ title: 'Contract', liveDate: null }));
    const activity = records.filter((r) => r.topic === 'activity').map((r) => r.data);
    expect(activity).toContainEqual(
      expect.objectContaining({ type: 'Bid', actor: expect.objectContaining({ name: 'Bob' }) }),
    );
    expect(activity).toContainEqual(expect.objectContaining({ type: 'Offer' }));
    expect(activity).toContainEqual(expect.objectContaining({ type: 'Purchase' }));
    expect(activity).toContainEqual(expect.objectContaining({ type: 'Listing' }));
  });

  /** The SQL of each record, over its own table, and one row's key. */
  const SQL: Record<Exclude<ChangeTopic, 'activity'>, { from: string; json: string }> = {
    item: { from: 'items i', json: ITEM_JSON },
    creator: { from: 'creators c', json: CREATOR_JSON },
    bid: { from: 'bids b', json: bidJson('b') },
  };

  for (const topic of ['item', 'creator', 'bid'] as const) {
    it(`fails when the SQL of a ${topic} drops a field it must carry`, async () => {
      const { from, json } = SQL[topic];
      const whole = await server.db.query<{ data: unknown }>(
        `SELECT ${json} AS data FROM ${from} LIMIT 1`,
      );
      expect(v.safeParse(strict(topic), whole.rows[0]?.data).success).toBe(true);
      const fields = required(topic);
      expect(fields.length).toBeGreaterThan(4);
      for (const field of fields) {
        // The same SQL without one key, as a slip in its jsonb_build_object would leave it.
        const { rows } = await server.db.query<{ data: unknown }>(
          `SELECT (${json}) - $1::text AS data FROM ${from} LIMIT 1`,
          [field],
        );
        const result = v.safeParse(strict(topic), rows[0]?.data);
        expect(result.success, `${topic} without ${field}`).toBe(false);
        if (!result.success) expect(v.getDotPath(result.issues[0])).toBe(field);
      }
    });
  }

  it('fails when an activity entry the server stored lacks a field it must carry', async () => {
    const { rows } = await server.db.query<{ data: Record<string, unknown> }>(
      "SELECT data FROM activity WHERE data->>'type' = 'Bid' LIMIT 1",
    );
    const entry = rows[0]?.data;
    expect(v.safeParse(strict('activity'), entry).success).toBe(true);
    for (const field of required('activity')) {
      const rest = { ...entry };
      delete rest[field];
      expect(v.safeParse(strict('activity'), rest).success, `activity without ${field}`).toBe(
        false,
      );
    }
  });
});
