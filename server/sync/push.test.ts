// POST /api/push itself: the request's shape, signed-out pushes, exactly-once replays,
// conflicting ids, old versions and malformed mutations, on the real database.
import { describe, expect, it } from 'vitest';
import { recordChanges } from '../core/change-log.ts';
import { PUSH_BATCH_MAX } from '../../shared/protocol.ts';
import { serverWithAccounts } from '../test/accounts.ts';
import {
  changesSince,
  cursorNow,
  lastChange,
  makeItem,
  mutation,
  push,
  pushOne,
} from '../test/sync-fixtures.ts';

const {
  server,
  clients: [ada, bob],
} = await serverWithAccounts('Ada', 'Bob');

const countBids = async (itemId: number) => {
  const { rows } = await server.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM bids WHERE item_id = $1',
    [itemId],
  );
  return rows[0]?.n;
};

describe('the request', () => {
  it('answers results in order and the newest change seq as cursor', async () => {
    const itemId = await makeItem(server, { saleKind: 'offers' });
    const a = mutation('favourite', { itemId, on: true });
    const b = mutation('bid', { itemId, priceEth: '2', quantity: 1 });
    const { status, body } = await push(ada, a, b);
    expect(status).toBe(200);
    expect(body.results.map((r) => [r.id, r.status])).toEqual([
      [a.id, 'applied'],
      [b.id, 'applied'],
    ]);
    expect(body.cursor).toBe(await cursorNow(server));
  });

  it('refuses a body of the wrong shape, an empty or an oversized batch', async () => {
    expect((await push(ada)).status).toBe(400);
    expect((await ada.post('/api/push', { changes: [] })).status).toBe(400);
    const many = Array.from({ length: PUSH_BATCH_MAX + 1 }, () =>
      mutation('favourite', { itemId: 1, on: true }),
    );
    expect((await push(ada, ...many)).status).toBe(400);
  });

  it('refuses a malformed mutation for itself only, with its fields', async () => {
    const itemId = await makeItem(server, { saleKind: 'offers' });
    const good = mutation('favourite', { itemId, on: true });
    const bad = { ...mutation('bid', { itemId, priceEth: '2', quantity: 1 }), args: { itemId } };
    const unknownKind = { ...good, id: crypto.randomUUID(), kind: 'burn' };
    const { body } = await push(ada, bad, good, unknownKind, 'nonsense');
    expect(body.results).toHaveLength(4);
    expect(body.results[0]).toMatchObject({
      id: bad.id,
      status: 'refused',
      code: 'invalid',
      fields: { 'args.priceEth': expect.any(String) },
    });
    expect(body.results[1]).toMatchObject({ id: good.id, status: 'applied' });
    expect(body.results[2]).toMatchObject({ status: 'refused', code: 'invalid' });
    expect(body.results[3]).toMatchObject({ id: '', status: 'refused', code: 'invalid' });
  });

  it('refuses a mutation version it does not accept', async () => {
    const itemId = await makeItem(server, { saleKind: 'offers' });
    const old = mutation('bid', { itemId, priceEth: '2', quantity: 1 }, { v: 0 });
    expect(await pushOne(ada, old)).toMatchObject({ status: 'refused', code: 'version' });
    expect(await countBids(itemId)).toBe(0);
  });
});

describe('signed out', () => {
  it('answers 401 for a batch with any write that needs an account, and applies none of it', async () => {
    const anonymous = server.client();
    const message = mutation('message', { kind: 'contact', fields: { email: 'a@b.co' } });
    const itemId = await makeItem(server, { saleKind: 'offers' });
    const { status, body } = await push(
      anonymous,
      message,
      mutation('bid', { itemId, priceEth: '2', quantity: 1 }),
    );
    expect(status).toBe(401);
    expect(body.error).toMatch(/Sign in/);
    const { rows } = await server.db.query('SELECT 1 FROM messages WHERE id = $1', [message.id]);
    expect(rows).toHaveLength(0);
  });

  it('accepts messages', async () => {
    const message = mutation('message', { kind: 'newsletter', fields: { email: 'a@b.co' } });
    expect(await pushOne(server.client(), message)).toMatchObject({ status: 'applied' });
  });
});

describe('exactly once', () => {
  it('a replay of the same mutation answers the stored result and applies nothing again', async () => {
    const itemId = await makeItem(server, { saleKind: 'offers' });
    const once = mutation('bid', { itemId, priceEth: '2', quantity: 1 });
    const first = await pushOne(ada, once);
    const since = await cursorNow(server);
    expect(await pushOne(ada, { ...once, at: new Date(0).toISOString() })).toEqual(first);
    expect(await countBids(itemId)).toBe(1);
    expect(await cursorNow(server)).toBe(since);
  });

  it('keeps any text exactly in the stored result and the log, quotes and all', async () => {
    // Both go as parameters: the stored result, and the log's entry (artmint_log_changes).
    const name = `O'Brien \\ "Q" $1 $$ ;-- é 🎨`;
    const dee = server.client();
    const { id } = await dee.signUp('Dee');
    const since = await cursorNow(server);
    const become = mutation('creator', { name });
    const first = await pushOne(dee, become);
    expect(first.status).toBe('applied');
    expect(await pushOne(dee, become)).toEqual(first);
    expect(await lastChange(bob, since, 'creator', id)).toMatchObject({ name });
  });

  it('a replay of a refused mutation stays refused with the same reason', async () => {
    const itemId = await makeItem(server, { saleKind: 'offers' });
    const low = mutation('bid', { itemId, priceEth: '1', quantity: 1 });
    const first = await pushOne(ada, low);
    expect(first).toMatchObject({ status: 'refused', code: 'too-low' });
    expect(await pushOne(ada, low)).toEqual(first);
  });

  it('the same id with another body, or from another account, is a conflict', async () => {
    const itemId = await makeItem(server, { saleKind: 'offers' });
    const original = mutation('bid', { itemId, priceEth: '2', quantity: 1 });
    await pushOne(ada, original);
    const changed = { ...original, args: { ...original.args, priceEth: '3' } };
    expect(await pushOne(ada, changed)).toMatchObject({ status: 'refused', code: 'conflict' });
    expect(await pushOne(bob, original)).toMatchObject({ status: 'refused', code: 'conflict' });
    const { rows } = await server.db.query<{ price: string }>(
      'SELECT trim_scale(price_eth)::text AS price FROM bids WHERE id = $1',
      [original.id],
    );
    expect(rows).toEqual([{ price: '2' }]);
  });

  it('a message sent signed out whose answer was lost is recognised when the account that signed in retries it', async () => {
    const message = mutation('message', {
      kind: 'contact',
      fields: { email: 'dee@b.co', message: 'Is item 3 still for sale?' },
    });
    const first = await pushOne(server.client(), message);
    expect(first).toMatchObject({ status: 'applied' });
    // The device moved it to Ada at sign-in and sends it again, under her session.
    expect(await pushOne(ada, message)).toEqual(first);
    const { rows } = await server.db.query('SELECT 1 FROM messages WHERE id = $1', [message.id]);
    expect(rows).toHaveLength(1);
    // Another body under that id is still another change.
    const changed = { ...message, args: { ...message.args, kind: 'support' } };
    expect(await pushOne(ada, changed)).toMatchObject({ status: 'refused', code: 'conflict' });
  });

  it("an account's message sent again signed out is a conflict, not the account's result", async () => {
    const message = mutation('message', { kind: 'newsletter', fields: { email: 'ada@b.co' } });
    expect(await pushOne(ada, message)).toMatchObject({ status: 'applied' });
    expect(await pushOne(server.client(), message)).toMatchObject({
      status: 'refused',
      code: 'conflict',
    });
  });

  it('a rule refusal undoes that mutation only, and later ones still apply', async () => {
    const itemId = await makeItem(server, { saleKind: 'auctions', highestBidEth: '5' });
    const low = mutation('bid', { itemId, priceEth: '5', quantity: 1 });
    const good = mutation('bid', { itemId, priceEth: '5.01', quantity: 1 });
    const { body } = await push(ada, low, good);
    expect(body.results.map((r) => r.status)).toEqual(['refused', 'applied']);
    expect(await countBids(itemId)).toBe(1);
  });

  it('the same mutation pushed twice at once is applied once; two buyers at once, one sale', async () => {
    const itemId = await makeItem(server, { saleKind: 'offers' });
    const once = mutation('bid', { itemId, priceEth: '2', quantity: 1 });
    const [first, second] = await Promise.all([pushOne(ada, once), pushOne(ada, once)]);
    expect(first).toEqual(second);
    expect(await countBids(itemId)).toBe(1);
    const forSale = await makeItem(server, { saleKind: 'now' });
    const results = await Promise.all([
      pushOne(ada, mutation('checkout', { itemId: forSale })),
      pushOne(bob, mutation('checkout', { itemId: forSale })),
    ]);
    expect(results.map((r) => (r.status === 'refused' ? r.code : r.status)).sort()).toEqual([
      'applied',
      'sold',
    ]);
  });
});

describe('the change log', () => {
  it('grows in commit order: an entry recorded before another but committed after it comes after it', async () => {
    const from = await cursorNow(server);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let firstRecorded!: () => void;
    const recorded = new Promise<void>((resolve) => (firstRecorded = resolve));
    // A transaction that has recorded its entry and has not committed yet.
    const first = server.db.transaction(async (tx) => {
      await recordChanges(tx, [{ topic: 'test', key: 'first', data: {} }]);
      firstRecorded();
      await held;
    });
    await recorded;
    // On PGlite one transaction runs at a time: the second waits for the first to commit.
    const second = server.db.transaction((tx) =>
      recordChanges(tx, [{ topic: 'test', key: 'second', data: {} }]),
    );
    if (server.db.kind === 'postgres') {
      await second;
      // A device reading now gets the second's entry and moves its cursor past it: the first's
      // must come after that cursor, or the device would never read it.
      const early = await changesSince(ada, from);
      expect(early.changes.map((change) => change.key)).toEqual(['second']);
      release();
      await first;
      const late = await changesSince(ada, early.cursor);
      expect(late.changes.map((change) => change.key)).toEqual(['first']);
    } else {
      release();
      await Promise.all([first, second]);
      const keys = (await changesSince(ada, from)).changes.map((change) => change.key);
      expect(keys).toEqual(['first', 'second']);
    }
  });
});
