// The server process killed (SIGKILL) while a device pushes its outbox of 20 writes, in small
// batches as the outbox does: after a restart the device pushes the whole outbox again, with
// the same mutation ids, and every write is stored exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushResult } from '../../shared/protocol.ts';
import { makeItem, mutation, type TestMutation } from '../test/sync-fixtures.ts';
import { startServer, stopServer, type Running } from '../test/process.ts';
import type { Database } from '../db/database.ts';
import {
  Device,
  freshDatabase,
  must,
  sleep,
  storedBids,
  storedFavourites,
  storedMutations,
} from './support.ts';

const BATCH = 2;

/** Waits until a statement of this database waits for a lock. */
async function waitForLockWait(db: Database): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
       WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if ((rows[0]?.n ?? 0) > 0) return;
    if (Date.now() > deadline) throw new Error('no request ever waited for the held row');
    await sleep(20);
  }
}

let database: Awaited<ReturnType<typeof freshDatabase>>;
let db: Database;
let server: Running | undefined;
const env = () => ({
  DATABASE_URL: database.url,
  RATE_LIMIT_LOGIN: '0',
  RATE_LIMIT_WRITES: '0',
});

beforeAll(async () => {
  database = await freshDatabase();
  db = database.db;
  server = await startServer(env());
});
afterAll(async () => {
  if (server) await stopServer(server, 'SIGKILL');
  await database?.drop();
});

describe('the server killed mid-push', () => {
  it('stores each of the 20 queued writes exactly once after a restart', async () => {
    const first = must(server, 'server');
    const device = new Device(first.origin);
    const accountId = await device.signUp('Kill Test');
    // Three auctions and eight listed items of someone else's.
    const auctions: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      auctions.push(await makeItem({ db }, { saleKind: 'auctions', highestBidEth: '1' }));
    }
    const listed: number[] = [];
    for (let i = 0; i < 8; i += 1) listed.push(await makeItem({ db }, { saleKind: 'offers' }));

    // The outbox: four rising bids on each auction and eight favourites, interleaved.
    const outbox: TestMutation<'bid' | 'favourite'>[] = [];
    for (let round = 0; round < 4; round += 1) {
      for (const itemId of auctions) {
        outbox.push(mutation('bid', { itemId, priceEth: String(round + 2), quantity: 1 }));
      }
      outbox.push(mutation('favourite', { itemId: must(listed[round * 2], 'item'), on: true }));
      outbox.push(mutation('favourite', { itemId: must(listed[round * 2 + 1], 'item'), on: true }));
    }
    expect(outbox).toHaveLength(20);
    const batches = Array.from({ length: outbox.length / BATCH }, (_, i) =>
      outbox.slice(i * BATCH, (i + 1) * BATCH),
    );

    // Three batches go through. The fourth is a bid on auction 2 and one on auction 3, whose
    // row another transaction holds: the first bid is stored, the second waits for the lock,
    // and the server is killed while it waits, with the request in flight.
    const answered = new Map<string, PushResult>();
    for (const batch of batches.slice(0, 3)) {
      const { status, body } = await device.push(batch);
      expect(status).toBe(200);
      for (const result of must(body, 'answer').results) answered.set(result.id, result);
    }
    const fourth = must(batches[3], 'batch');
    const second = must(fourth[1], 'write');
    expect(second).toMatchObject({ kind: 'bid', args: { itemId: auctions[2] } });
    let inFlight: Promise<string> | undefined;
    await db.transaction(async (tx) => {
      await tx.query('SELECT 1 FROM items WHERE id = $1 FOR UPDATE', [auctions[2]]);
      inFlight = device.push(fourth).then(
        (answer) => `answered ${answer.status}`,
        () => 'connection lost',
      );
      await waitForLockWait(db);
      await stopServer(first, 'SIGKILL');
    });
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(await inFlight).toBe('connection lost');

    // What the server kept: the three answered batches and the first write of the fourth. The
    // write it was killed in reached PostgreSQL whole, in one request (a bid is one statement,
    // its own transaction: artmint_place_bid, bids.ts), so PostgreSQL may finish it once the lock is free, client gone or not:
    // then it is stored whole and applied, else not at all; never in part.
    const afterKill = await storedMutations(
      db,
      outbox.map((m) => m.id),
    );
    expect(afterKill.rows).toBe(afterKill.status.has(second.id) ? 8 : 7);
    expect([...afterKill.status.values()].every((s) => s === 'applied')).toBe(true);

    // Restarted on the same database; the session still holds. The device pushes its whole
    // outbox again, in order, with the same ids.
    server = await startServer(env());
    expect(server.output()).not.toContain('seeded');
    device.origin = server.origin;
    const results: PushResult[] = [];
    for (const batch of batches) {
      const { status, body } = await device.push(batch);
      expect(status).toBe(200);
      results.push(...must(body, 'answer').results);
    }
    expect(results.map((r) => [r.id, r.status])).toEqual(outbox.map((m) => [m.id, 'applied']));
    // An answer given before the kill is given again, unchanged.
    for (const [id, result] of answered) {
      expect(results.find((r) => r.id === id)).toEqual(result);
    }

    const stored = await storedMutations(
      db,
      outbox.map((m) => m.id),
    );
    expect(stored.rows).toBe(20);
    expect(new Set(stored.status.values())).toEqual(new Set(['applied']));
    const bids = await storedBids(db, auctions);
    for (const itemId of auctions) {
      const made = outbox.filter((m) => m.kind === 'bid' && m.args.itemId === itemId);
      expect(bids.get(itemId)).toEqual({ ids: made.map((m) => m.id), highest: '5' });
    }
    expect(await storedFavourites(db, accountId)).toEqual([...listed].sort((a, b) => a - b));
    // One activity entry per bid, none twice.
    const { rows } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM activity WHERE item_id = ANY($1::int[])',
      [auctions],
    );
    expect(rows[0]?.n).toBe(12);
  });
});
