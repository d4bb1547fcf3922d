// @vitest-environment node
// A device that starts from the snapshot (docs/sync.md "Snapshot"): what lands, what goes, what
// stays (its own records, a record with a waiting change), applying never going backwards, the
// history it keeps bounded, and a pull told to start over.
import { beforeEach, describe, expect, it } from 'vitest';
import { freshStore, makeItem, type TestStore } from '../../__tests__/fixtures';
import { createDbHandle } from '../../device/db';
import { PUBLIC } from '../../owner';
import type { Bid } from '@shared/types';
import { applyServerWord, readStoredCursor } from '../apply';
import { pullAll, type CycleContext } from '../cycle';
import { snapshotFocus } from '../focus';
import { getSyncStatus } from '../../core/status';
import {
  KEPT_ACTIVITY,
  KEPT_BIDS_PER_ITEM,
  type Change,
  type PullResponse,
  type SnapshotPage,
} from '@shared/protocol';

let store: TestStore;
beforeEach(() => {
  store = freshStore();
});

const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 12, minute)).toISOString();
const bid = (id: string, itemId: number, minute: number, price = '5'): Bid => ({
  id,
  itemId,
  priceEth: price,
  quantity: 1,
  bidder: 'Someone',
  at: at(minute),
});
const change = (seq: number, topic: Change['topic'], key: string, data: unknown): Change => ({
  seq,
  topic,
  key,
  data,
});
const serverItem = (id: number, title: string) => ({ ...makeItem({ id, title }), favourites: 0 });

/** A server that answers the snapshot's pages and the log, and records what was asked. */
function server(pages: Record<string, SnapshotPage>, log: (since: number) => PullResponse) {
  const asked: string[] = [];
  const fetcher = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    asked.push(url.pathname + url.search);
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
    if (url.pathname === '/api/snapshot') {
      const page = pages[url.searchParams.get('page') ?? 'first'];
      return page ? json(page) : new Response('{}', { status: 400 });
    }
    if (url.pathname === '/api/changes') return json(log(Number(url.searchParams.get('since'))));
    return new Response('', { status: 404 });
  }) as typeof fetch;
  const ctx: CycleContext = {
    db: createDbHandle(),
    fetch: fetcher,
    now: () => new Date(),
    owner: () => PUBLIC,
  };
  return { ctx, asked };
}

const noChanges = (since: number): PullResponse => ({ changes: [], cursor: since, more: false });

describe('starting from the snapshot', () => {
  it('lands the focus page first, then the rest, and follows the log from the first cursor', async () => {
    const { ctx, asked } = server(
      {
        'focus:item:7': {
          records: [
            change(50, 'item', '7', serverItem(7, 'Focus')),
            change(50, 'bid', 'b1', bid('b1', 7, 1)),
          ],
          cursor: 50,
          next: 'creator:0',
        },
        'creator:0': { records: [], cursor: 52, next: 'item:0' },
        'item:0': {
          records: [change(52, 'item', '8', serverItem(8, 'Other'))],
          cursor: 52,
          next: null,
        },
      },
      noChanges,
    );
    ctx.focus = () => 'focus:item:7';
    expect(await pullAll(ctx)).toEqual({ kind: 'ok' });
    expect(asked).toEqual([
      '/api/snapshot?page=focus%3Aitem%3A7',
      '/api/snapshot?page=creator%3A0',
      '/api/snapshot?page=item%3A0',
      '/api/changes?since=50&limit=1000',
    ]);
    expect(await readStoredCursor(ctx.db)).toBe(50);
    expect((await store.data.getItem(7))?.title).toBe('Focus');
    expect((await store.data.getItem(8))?.title).toBe('Other');
    expect((await store.data.listBids(7)).map((b) => b.id)).toEqual(['b1']);
  });

  it("removes public records the server no longer has, never the collector's own or one with a waiting change", async () => {
    const handle = createDbHandle();
    // What the device had: three items, a bid it made on item 4 that the server took (no waiting
    // change left), and public activity; then a waiting favourite of item 2.
    await applyServerWord(handle, {
      changes: [
        change(3, 'item', '1', serverItem(1, 'Gone')),
        change(4, 'item', '2', serverItem(2, 'Favourited')),
        change(4, 'item', '4', serverItem(4, 'Bid on')),
        change(5, 'activity', 'old', {
          id: 'old',
          type: 'Bid',
          at: at(0),
          description: 'Old',
          image: '/x.webp',
          itemId: 1,
          tags: ['Bids'],
        }),
      ],
      cursor: 5,
      at: at(0),
    });
    const mine = await store.data.placeBid({ itemId: 4, priceEth: '9', quantity: 1 });
    await applyServerWord(handle, {
      results: [{ id: mine.id, status: 'applied' }],
      changes: [change(6, 'bid', mine.id, { ...bid(mine.id, 4, 2, '9'), status: 'active' })],
      cursor: 6,
      at: at(2),
    });
    await store.data.toggleFavourite(2);
    // The server compacted past the device: its pull is told to start over.
    const { ctx } = server(
      {
        first: {
          records: [change(900, 'item', '3', serverItem(3, 'New'))],
          cursor: 900,
          next: null,
        },
        // What it kept outside the snapshot, brought current after it.
        'items:2,4': {
          records: [
            change(900, 'item', '2', serverItem(2, 'Favourited, now')),
            change(900, 'item', '4', serverItem(4, 'Bid on, now')),
          ],
          cursor: 900,
          next: null,
        },
      },
      (since) => (since < 900 ? { ...noChanges(since), reset: true } : noChanges(since)),
    );
    expect(await pullAll(ctx)).toEqual({ kind: 'ok' });
    expect(await readStoredCursor(handle)).toBe(900);
    const db = await handle.get();
    expect((await db.getAll('remoteItems')).map((i) => [i.id, i.title])).toEqual([
      [2, 'Favourited, now'],
      [3, 'New'],
      [4, 'Bid on, now'],
    ]);
    expect((await db.getAll('bids')).map((b) => b.id)).toEqual([mine.id]);
    expect((await db.getAll('activity')).filter((e) => e.owner === PUBLIC)).toEqual([]);
  });
});

describe('a server whose log went back (its database restored from an older backup)', () => {
  it('starts over, and the snapshot replaces what the device had stamped after it', async () => {
    const handle = createDbHandle();
    const activity = (id: string) => ({
      id,
      type: 'Bid',
      at: at(1),
      description: id,
      image: '/x.webp',
      itemId: 7,
      tags: ['Bids'],
    });
    await applyServerWord(handle, {
      changes: [
        change(90, 'item', '8', serverItem(8, 'Unchanged')),
        change(140, 'item', '7', serverItem(7, 'Before the restore')),
        change(141, 'bid', 'lost', { ...bid('lost', 7, 1), status: 'active' }),
        change(142, 'activity', 'lost', activity('lost')),
        change(145, 'item', '9', serverItem(9, 'Only before the restore')),
      ],
      cursor: 150,
      at: at(1),
    });
    const { ctx, asked } = server(
      {
        first: {
          records: [
            change(100, 'item', '7', serverItem(7, 'Restored')),
            change(100, 'item', '8', serverItem(8, 'Unchanged')),
          ],
          cursor: 100,
          next: null,
        },
      },
      // Ahead of the newest entry (100): told to start over.
      (since) => (since > 100 ? { ...noChanges(since), reset: true } : noChanges(since)),
    );
    expect(await pullAll(ctx)).toEqual({ kind: 'ok' });
    expect(asked).toEqual([
      '/api/changes?since=150&limit=1000',
      '/api/snapshot',
      '/api/changes?since=100&limit=1000',
    ]);
    expect(await readStoredCursor(handle)).toBe(100);
    const db = await handle.get();
    expect((await db.getAll('remoteItems')).map((i) => [i.id, i.title])).toEqual([
      [7, 'Restored'],
      [8, 'Unchanged'],
    ]);
    expect(await db.getAll('bids')).toEqual([]);
    expect((await db.getAll('activity')).filter((e) => e.owner === PUBLIC)).toEqual([]);
  });
});

describe('applying', () => {
  it('never goes backwards: an older entry of a record is ignored', async () => {
    const handle = createDbHandle();
    await applyServerWord(handle, {
      changes: [change(20, 'item', '9', serverItem(9, 'Newer'))],
      at: at(0),
    });
    await applyServerWord(handle, {
      changes: [change(10, 'item', '9', serverItem(9, 'Older'))],
      at: at(0),
    });
    await applyServerWord(handle, { changes: [change(15, 'item', '9', null)], at: at(0) });
    expect((await (await handle.get()).get('remoteItems', 9))?.title).toBe('Newer');
  });

  it(`keeps each item's newest ${KEPT_BIDS_PER_ITEM} public bids and the newest ${KEPT_ACTIVITY} activity entries`, async () => {
    const handle = createDbHandle();
    const bids = Array.from({ length: 30 }, (_, i) =>
      change(i + 1, 'bid', `b${String(i).padStart(2, '0')}`, {
        ...bid(`b${String(i).padStart(2, '0')}`, 5, i),
        status: 'active',
      }),
    );
    const entries = Array.from({ length: KEPT_ACTIVITY + 60 }, (_, i) =>
      change(100 + i, 'activity', `a${i}`, {
        id: `a${i}`,
        type: 'Bid',
        at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
        description: `Entry ${i}`,
        image: '/x.webp',
        itemId: 5,
        tags: ['Bids'],
      }),
    );
    await applyServerWord(handle, { changes: [...bids, ...entries], at: at(0) });
    const db = await handle.get();
    const kept = (await db.getAll('bids')).map((b) => b.id).sort();
    expect(kept).toEqual(bids.slice(10).map((c) => c.key));
    const activity = await db.getAll('activity');
    expect(activity).toHaveLength(KEPT_ACTIVITY);
    expect(activity.map((e) => e.id)).not.toContain('a0');
    expect(activity.map((e) => e.id)).toContain(`a${KEPT_ACTIVITY + 59}`);
  });
});

describe('the focus', () => {
  it('is the opened item or the activity, else none', () => {
    expect(snapshotFocus('/item-detail/12')).toBe('focus:item:12');
    expect(snapshotFocus('/activity')).toBe('focus:activity');
    expect(snapshotFocus('/explore-one')).toBeUndefined();
    expect(snapshotFocus('/item-detail/x')).toBeUndefined();
    expect(snapshotFocus('/item-detail/2147483647')).toBe('focus:item:2147483647');
    // An id no item can have is not asked of the server (the screen shows not found).
    for (const id of ['9999999999', '2147483648', '0', '01', '1.5', '-3']) {
      expect(snapshotFocus(`/item-detail/${id}`)).toBeUndefined();
    }
  });

  it('refreshes the screens once for a one-page snapshot, and not for a pull that only moved the cursor', async () => {
    let newest = 40;
    const { ctx } = server(
      {
        first: {
          records: [change(40, 'item', '5', serverItem(5, 'Only'))],
          cursor: 40,
          next: null,
        },
      },
      // Entries the device does not keep (another record's older history) move the cursor.
      (since) => ({ changes: [], cursor: Math.max(since, newest), more: false }),
    );
    const refreshes = () => getSyncStatus().version;
    const before = refreshes();
    expect(await pullAll(ctx)).toEqual({ kind: 'ok' });
    expect(refreshes() - before).toBe(1);
    newest = 45;
    expect(await pullAll(ctx)).toEqual({ kind: 'ok' });
    expect(await readStoredCursor(ctx.db)).toBe(45);
    expect(refreshes() - before).toBe(1);
  });
});
