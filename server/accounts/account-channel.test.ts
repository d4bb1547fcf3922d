// The account channel on the real database (docs/sync.md "Account channel"): each write that
// changes an account's own records appends them to that account's log, and to no other's;
// GET /api/me/changes pages it from a cursor and answers reset behind what is kept or ahead of
// it; GET /api/me names its cursor; and a signed-in live stream gets its account's entries as
// 'mine' batches, never another account's.
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_LIVE_EVENT,
  ACCOUNT_PULL_LIMIT,
  type AccountChange,
  type AccountLiveBatch,
  type AccountPullResponse,
} from '../../shared/account-channel.ts';
import type { MeResponse } from '../../shared/protocol.ts';
import { runHousekeeping } from '../housekeeping.ts';
import { settleDue } from '../market/settlement.ts';
import { serverWithAccounts } from '../test/accounts.ts';
import { TEST_PASSWORD, type TestClient } from '../test/harness.ts';
import { uploadPng } from '../test/images.ts';
import { makeItem, mutation, pushOne } from '../test/sync-fixtures.ts';
import { batchFor, createAccountStreams } from '../sync/account-streams.ts';

const {
  server,
  clients: [ada, bob, cy],
  ids: [adaId, bobId, cyId],
} = await serverWithAccounts('Ada', 'Bob', 'Cy');

async function pull(client: TestClient, query: string): Promise<AccountPullResponse> {
  const response = await client.get(`/api/me/changes${query}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return (await response.json()) as AccountPullResponse;
}

/** The account's cursor as GET /api/me names it. */
async function cursorOf(client: TestClient): Promise<number> {
  const me = (await (await client.get('/api/me')).json()) as MeResponse;
  expect(me.cursor).toEqual(expect.any(Number));
  return me.cursor ?? -1;
}

/**
 * Everything in the account's log after `since`, page by page, but its notifications (the
 * writes' own records are these tests'; server/notifications/notification-channel.test.ts has
 * the notifications').
 */
async function entriesAfter(client: TestClient, since: number): Promise<AccountChange[]> {
  const all: AccountChange[] = [];
  for (let cursor = since; ;) {
    const page = await pull(client, `?since=${cursor}`);
    expect(page.reset).toBeUndefined();
    all.push(...page.changes.filter((change) => change.topic !== 'notification'));
    cursor = page.cursor;
    if (!page.more) return all;
  }
}

const brief = (changes: AccountChange[]) =>
  changes.map(({ topic, key, data }) => ({ topic, key, data }));

describe('each write appends to its account log', () => {
  it('favourite on and off, follow: in order, to that account only', async () => {
    const itemId = await makeItem(server, { saleKind: 'now' });
    const [adaFrom, bobFrom] = [await cursorOf(ada), await cursorOf(bob)];
    await pushOne(ada, mutation('favourite', { itemId, on: true }));
    await pushOne(ada, mutation('favourite', { itemId, on: true })); // no change: no entry
    await pushOne(ada, mutation('favourite', { itemId, on: false }));
    await pushOne(ada, mutation('follow', { creatorId: 1, on: true }));
    const mine = await entriesAfter(ada, adaFrom);
    expect(brief(mine)).toEqual([
      { topic: 'favourite', key: String(itemId), data: { on: true } },
      { topic: 'favourite', key: String(itemId), data: null },
      { topic: 'follow', key: '1', data: { on: true } },
    ]);
    const seqs = mine.map((change) => change.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(await cursorOf(ada)).toBe(seqs.at(-1));
    expect(await entriesAfter(bob, bobFrom)).toEqual([]);
  });

  it('a profile save: the section as it now stands, with its version; a save that changed nothing adds none', async () => {
    const adaFrom = await cursorOf(ada);
    const save = (fields: Record<string, string>, base: number) =>
      pushOne(ada, mutation('profile', { section: 'social', fields, base }));
    await save({ twitter: '@ada' }, 0);
    await save({ youtube: 'https://youtube.com/@ada' }, 1);
    await save({ twitter: '@ada' }, 2);
    expect(brief(await entriesAfter(ada, adaFrom))).toEqual([
      { topic: 'profile', key: 'social', data: { fields: { twitter: '@ada' }, version: 1 } },
      {
        topic: 'profile',
        key: 'social',
        data: { fields: { twitter: '@ada', youtube: 'https://youtube.com/@ada' }, version: 2 },
      },
    ]);
  });

  it('a bid, and the status of the bid it outbids in the other account', async () => {
    const itemId = await makeItem(server, { saleKind: 'auctions', highestBidEth: '1' });
    const [adaFrom, bobFrom] = [await cursorOf(ada), await cursorOf(bob)];
    const adas = mutation('bid', { itemId, priceEth: '2', quantity: 1 });
    expect(await pushOne(ada, adas)).toMatchObject({ status: 'applied' });
    const bobs = mutation('bid', { itemId, priceEth: '3', quantity: 1 });
    expect(await pushOne(bob, bobs)).toMatchObject({ status: 'applied' });
    const adaLog = await entriesAfter(ada, adaFrom);
    expect(
      adaLog.map(({ topic, key, data }) => [topic, key, (data as { status: string }).status]),
    ).toEqual([
      ['bid', adas.id, 'active'],
      ['bid', adas.id, 'outbid'],
    ]);
    expect(adaLog[0]?.data).toMatchObject({ itemId, priceEth: '2', bidder: 'Ada' });
    const bobLog = await entriesAfter(bob, bobFrom);
    expect(brief(bobLog)).toEqual([
      { topic: 'bid', key: bobs.id, data: expect.objectContaining({ status: 'active' }) },
    ]);

    // The auction ends: Bob's bid is won and his purchase his; Ada's stays outbid.
    await server.db.query(`UPDATE items SET ends_at = now() - interval '1 second' WHERE id = $1`, [
      itemId,
    ]);
    expect(await settleDue(server.db)).toContain(itemId);
    const settled = await entriesAfter(bob, bobLog.at(-1)?.seq ?? 0);
    expect(brief(settled)).toEqual([
      { topic: 'bid', key: bobs.id, data: expect.objectContaining({ status: 'won' }) },
      {
        topic: 'purchase',
        key: bobs.id,
        data: expect.objectContaining({ itemId, priceEth: '3', buyer: 'Bob' }),
      },
    ]);
    expect(await entriesAfter(ada, adaLog.at(-1)?.seq ?? 0)).toEqual([]);
  });

  it('concurrent bids of two accounts: each log, replayed, ends at its bids as GET /api/me has them', async () => {
    const itemId = await makeItem(server, { saleKind: 'auctions', highestBidEth: '1' });
    const [adaFrom, bobFrom] = [await cursorOf(ada), await cursorOf(bob)];
    const bids = Array.from({ length: 12 }, (_, index) => ({
      who: index % 2 === 0 ? ada : bob,
      bid: mutation('bid', { itemId, priceEth: String(2 + index), quantity: 1 }),
    }));
    const results = await Promise.all(bids.map(({ who, bid }) => pushOne(who, bid)));
    expect(results.filter((result) => result.status === 'applied').length).toBeGreaterThan(0);
    for (const [client, from] of [
      [ada, adaFrom],
      [bob, bobFrom],
    ] as const) {
      const replayed = new Map<string, unknown>();
      for (const change of await entriesAfter(client, from)) replayed.set(change.key, change.data);
      const me = (await (await client.get('/api/me')).json()) as MeResponse;
      const held = me.bids.filter((bid) => bid.itemId === itemId);
      expect(new Map(held.map((bid) => [bid.id, bid]))).toEqual(replayed);
    }
  });

  it('an offer: made by the bidder, received by the owner; accepted: won, bought, sold', async () => {
    const itemId = await makeItem(server, { saleKind: 'offers', ownerId: cyId });
    const [bobFrom, cyFrom, adaFrom] = [
      await cursorOf(bob),
      await cursorOf(cy),
      await cursorOf(ada),
    ];
    const offer = mutation('bid', { itemId, priceEth: '1.5', quantity: 1 });
    expect(await pushOne(bob, offer)).toMatchObject({ status: 'applied' });
    expect(brief(await entriesAfter(cy, cyFrom))).toEqual([
      {
        topic: 'offer-received',
        key: offer.id,
        data: expect.objectContaining({ status: 'active' }),
      },
    ]);
    expect(await pushOne(cy, mutation('accept-offer', { itemId, bidId: offer.id }))).toMatchObject({
      status: 'applied',
    });
    const bobLog = await entriesAfter(bob, bobFrom);
    expect(bobLog.map((change) => change.topic)).toEqual(['bid', 'bid', 'purchase']);
    expect(bobLog[1]?.data).toMatchObject({ id: offer.id, status: 'won' });
    const cyLog = await entriesAfter(cy, cyFrom);
    expect(cyLog.map((change) => change.topic)).toEqual([
      'offer-received',
      'offer-received',
      'upload',
    ]);
    expect(cyLog[2]?.data).toMatchObject({ id: itemId, ownerId: bobId, soldTo: 'Bob' });
    expect(await entriesAfter(ada, adaFrom)).toEqual([]);
  });

  it('Buy Now: the purchase to the buyer, the listing to the seller', async () => {
    const itemId = await makeItem(server, { saleKind: 'now', ownerId: cyId, priceEth: '4.5' });
    const [adaFrom, cyFrom] = [await cursorOf(ada), await cursorOf(cy)];
    const buy = mutation('checkout', { itemId });
    expect(await pushOne(ada, buy)).toMatchObject({ status: 'applied' });
    expect(brief(await entriesAfter(ada, adaFrom))).toEqual([
      {
        topic: 'purchase',
        key: buy.id,
        data: expect.objectContaining({ itemId, priceEth: '4.5', buyer: 'Ada' }),
      },
    ]);
    expect(brief(await entriesAfter(cy, cyFrom))).toEqual([
      { topic: 'upload', key: String(itemId), data: expect.objectContaining({ soldTo: 'Ada' }) },
    ]);
  });

  it('an upload carries the item as the public log does; a message signed in is kept', async () => {
    const from = await cursorOf(ada);
    const upload = mutation('item', {
      title: 'Dusk',
      description: '',
      type: 'tech',
      imageId: await uploadPng(ada),
    });
    const result = await pushOne(ada, upload);
    const itemId = result.status === 'applied' ? result.itemId : undefined;
    const note = mutation('message', { kind: 'contact', fields: { message: 'Hello' } });
    await pushOne(ada, note);
    await pushOne(server.client(), mutation('message', { kind: 'contact', fields: { a: 'b' } }));
    const log = await entriesAfter(ada, from);
    expect(brief(log)).toEqual([
      {
        topic: 'upload',
        key: String(itemId),
        data: expect.objectContaining({ id: itemId, title: 'Dusk', favourites: 0, bidCount: 0 }),
      },
      {
        topic: 'message',
        key: note.id,
        data: { kind: 'contact', at: expect.any(String), fields: { message: 'Hello' } },
      },
    ]);
  });
});

describe('GET /api/me/changes', () => {
  it('pages oldest first, `more` until the last page', async () => {
    const from = await cursorOf(bob);
    for (const on of [true, false, true]) {
      await pushOne(bob, mutation('follow', { creatorId: 1, on }));
    }
    const first = await pull(bob, `?since=${from}&limit=2`);
    expect(first.changes.map((change) => change.data)).toEqual([{ on: true }, null]);
    expect(first).toMatchObject({ more: true, cursor: first.changes[1]?.seq });
    const second = await pull(bob, `?since=${first.cursor}&limit=2`);
    expect(second.changes.map((change) => change.data)).toEqual([{ on: true }]);
    expect(second.more).toBe(false);
    const last = await pull(bob, `?since=${second.cursor}`);
    expect(last).toEqual({ changes: [], cursor: second.cursor, more: false, accountId: bobId });
  });

  it('answers reset behind what is kept, and ahead of the newest entry', async () => {
    const from = await cursorOf(cy);
    for (const on of [true, false, true, false]) {
      await pushOne(cy, mutation('follow', { creatorId: 1, on }));
    }
    const newest = await cursorOf(cy);
    const kept = await runHousekeeping(server.db, undefined, 2);
    expect(kept.accountEntries).toBeGreaterThan(0);
    const behind = await pull(cy, `?since=${from}`);
    expect(behind).toEqual({
      changes: [],
      cursor: newest,
      more: false,
      reset: true,
      accountId: cyId,
    });
    const twoLeft = (await pull(cy, '?since=0')).reset;
    expect(twoLeft).toBe(true);
    // The newest two are kept: a device at the third newest follows on.
    const { rows } = await server.db.query<{ seq: string | number }>(
      'SELECT seq FROM account_changes WHERE account_id = $1 ORDER BY seq',
      [cyId],
    );
    expect(rows.map((row) => Number(row.seq))).toHaveLength(2);
    const { rows: horizon } = await server.db.query<{ pruned: string | number }>(
      'SELECT pruned_through AS pruned FROM account_logs WHERE account_id = $1',
      [cyId],
    );
    const atHorizon = await pull(cy, `?since=${Number(horizon[0]?.pruned)}`);
    expect(atHorizon.reset).toBeUndefined();
    expect(atHorizon.changes.map((change) => change.seq)).toEqual(rows.map((r) => Number(r.seq)));
    const ahead = await pull(cy, `?since=${newest + 1}`);
    expect(ahead).toEqual({
      changes: [],
      cursor: newest,
      more: false,
      reset: true,
      accountId: cyId,
    });
  });

  it('is for the signed-in account only, and refuses malformed input', async () => {
    const signedOut = await server.client().get('/api/me/changes?since=0');
    expect(signedOut.status).toBe(401);
    for (const query of [
      '?since=-1',
      '?since=abc',
      '?since=0&limit=0',
      `?since=0&limit=${ACCOUNT_PULL_LIMIT + 1}`,
      '?since=0&limit=1.5',
    ]) {
      const response = await ada.get(`/api/me/changes${query}`);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(/since|limit/);
    }
  });
});

interface Received {
  mine: AccountLiveBatch[];
  /** Resolves with the first 'mine' batch whose cursor reaches `seq`. */
  reaching(seq: number, timeoutMs?: number): Promise<AccountLiveBatch[]>;
  /** Resolves once the server ended the stream. */
  ended: Promise<void>;
  close(): Promise<void>;
}

/** Opens a live stream and collects its 'mine' batches as they arrive. */
async function listen(client: TestClient, query: string): Promise<Received> {
  const response = await client.request(`/api/events${query}`);
  expect(response.status).toBe(200);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const mine: AccountLiveBatch[] = [];
  let text = '';
  const pump = (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (chunk.done) return;
      text += decoder.decode(chunk.value, { stream: true });
      const blocks = text.split('\n\n');
      text = blocks.pop() ?? '';
      for (const block of blocks) {
        const lines = block.split('\n');
        if (!lines.includes(`event: ${ACCOUNT_LIVE_EVENT}`)) continue;
        expect(lines.some((line) => line.startsWith('id:'))).toBe(false);
        const data = lines.find((line) => line.startsWith('data: '))?.slice(6) ?? 'null';
        mine.push(JSON.parse(data) as AccountLiveBatch);
      }
    }
  })();
  return {
    mine,
    ended: pump,
    async reaching(seq, timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      while (!mine.some((batch) => batch.cursor >= seq)) {
        if (Date.now() > deadline) throw new Error(`no 'mine' batch reached ${seq}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return mine;
    },
    async close() {
      await reader.cancel();
      await pump;
    },
  };
}

describe('the live stream of a signed-in session', () => {
  it("carries the account's entries to each of its streams within a second, never to another's", async () => {
    const itemId = await makeItem(server, { saleKind: 'now' });
    const start = await cursorOf(ada);
    const laptop = await listen(ada, `?mine=${start}`);
    const phone = await listen(ada, ''); // no account cursor: from the newest entry
    const other = await listen(bob, '');
    // A stream without an account cursor starts from the newest entry once it is subscribed,
    // just after its response begins.
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Each stream has started once a write of its own account reaches it.
    await pushOne(ada, mutation('favourite', { itemId, on: true }));
    const faved = await cursorOf(ada);
    const began = Date.now();
    await laptop.reaching(faved);
    expect(Date.now() - began).toBeLessThan(1000);
    await phone.reaching(faved);
    for (const stream of [laptop, phone]) {
      expect(stream.mine).toEqual([
        {
          from: start,
          cursor: faved,
          changes: [{ seq: faved, topic: 'favourite', key: String(itemId), data: { on: true } }],
        },
      ]);
    }
    // Bob's write reaches his stream; Ada's never did.
    await pushOne(bob, mutation('favourite', { itemId, on: true }));
    const bobs = await cursorOf(bob);
    await other.reaching(bobs);
    expect(other.mine.flatMap((batch) => batch.changes).map((change) => change.seq)).toEqual([
      bobs,
    ]);
    expect(laptop.mine).toHaveLength(1);
    await Promise.all([laptop.close(), phone.close(), other.close()]);
  });

  it('starts from the account cursor it is given: what came after it arrives at once', async () => {
    const from = await cursorOf(cy);
    await pushOne(cy, mutation('follow', { creatorId: 1, on: true }));
    await pushOne(cy, mutation('follow', { creatorId: 1, on: false }));
    const newest = await cursorOf(cy);
    const stream = await listen(cy, `?mine=${from}`);
    const [batch] = await stream.reaching(newest);
    expect(batch).toMatchObject({ from, cursor: newest });
    expect(batch?.changes.map((change) => change.data)).toEqual([{ on: true }, null]);
    await stream.close();
  });

  it('a stream further behind than a page gets the newest page, its `from` showing the gap', () => {
    const changes = Array.from({ length: ACCOUNT_PULL_LIMIT + 100 }, (_, index) => ({
      seq: 1001 + index,
      topic: 'follow' as const,
      key: '1',
      data: null,
    }));
    const last = 1000 + ACCOUNT_PULL_LIMIT + 100;
    const behind = batchFor(1000, changes);
    expect(behind).toMatchObject({ from: 1100, cursor: last });
    expect(behind?.changes).toHaveLength(ACCOUNT_PULL_LIMIT);
    expect(behind?.changes[0]?.seq).toBe(1101);
    expect(batchFor(last - 2, changes)).toMatchObject({ from: last - 2, cursor: last });
    expect(batchFor(last, changes)).toBeNull();
  });

  it("ends when its session ends (signed out); the account's other sessions stay", async () => {
    const within = (ms: number, what: Promise<void>) =>
      Promise.race([
        what.then(() => 'ended'),
        new Promise((resolve) => setTimeout(() => resolve('still open'), ms)),
      ]);
    // Dee on two devices: the phone's session (a stolen cookie, say) and the laptop's.
    const phone = server.client();
    const dee = await phone.signUp('Dee');
    const laptop = server.client();
    const login = await laptop.post('/api/auth/login', {
      email: dee.email,
      password: TEST_PASSWORD,
    });
    expect(login.status).toBe(200);
    const phoneStream = await listen(phone, '');
    const laptopStream = await listen(laptop, '');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await within(100, phoneStream.ended)).toBe('still open');

    // The phone's session is signed out (from another tab of its browser): its stream ends,
    // so nothing of the account reaches it any more; the laptop's goes on.
    const signOut = await phone.post('/api/auth/logout');
    expect(signOut.ok).toBe(true);
    expect(await within(2000, phoneStream.ended)).toBe('ended');
    expect(await within(300, laptopStream.ended)).toBe('still open');
    await pushOne(laptop, mutation('follow', { creatorId: 2, on: true }));
    await laptopStream.reaching(await cursorOf(laptop));
    await laptopStream.close();
  });

  it('a stream whose start failed (the log reader refused) starts on the next read, never left without entries', async () => {
    let refuse = 1;
    const logReader = {
      query: ((...args: Parameters<typeof server.db.logReader.query>) => {
        if (refuse > 0) {
          refuse -= 1;
          return Promise.reject(new Error('The database is busy'));
        }
        return server.db.logReader.query(...args);
      }) as typeof server.db.logReader.query,
    };
    const lines: string[] = [];
    const streams = createAccountStreams({ ...server.db, logReader }, (line) => lines.push(line));
    const frames: string[] = [];
    try {
      // Started by an earlier run, so the stream's own start is the read that fails.
      await streams.follow(cyId, null, { write: () => undefined, end: () => undefined });
      refuse = 1;
      const from = await cursorOf(ada);
      await streams.follow(adaId, from, {
        write: (frame) => frames.push(new TextDecoder().decode(frame)),
        end: () => undefined,
      });
      expect(lines).toContain(
        'account streams: cannot read the account logs for now; trying again',
      );
      await pushOne(ada, mutation('follow', { creatorId: 4, on: true }));
      const seq = await cursorOf(ada);
      const deadline = Date.now() + 8000;
      while (!frames.some((frame) => frame.includes(`"cursor":${seq}`)) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(frames.join('')).toContain(`"cursor":${seq}`);
    } finally {
      await streams.stop();
    }
  });

  it('refuses a malformed account cursor', async () => {
    const response = await ada.get('/api/events?mine=-3');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(/mine/);
  });
});
