// @vitest-environment node
// After a start-over (docs/sync.md "Snapshot"), the items the device keeps outside the snapshot
// (here the collector's favourites) are brought current in pages: one sold while the device was
// away shows sold, one the server no longer has goes, one a waiting change is about stays.
import { beforeEach, describe, expect, it } from 'vitest';
import {
  freshStore,
  makeCreator,
  makeItem,
  mutationId,
  type TestStore,
} from '../../__tests__/fixtures';
import { createDbHandle } from '../../device/db';
import { PUBLIC } from '../../owner';
import { applyServerWord } from '../apply';
import { pullAll, type CycleContext } from '../cycle';
import { HEAL_BELOW_KEY, HEAL_PAGE } from '../heal';
import {
  FIRST_ACCOUNT_ID,
  FIRST_SERVER_ITEM_ID,
  type Change,
  type PullResponse,
  type SnapshotPage,
} from '@shared/protocol';

const first = FIRST_SERVER_ITEM_ID;
const at = '2026-03-01T12:00:00.000Z';
const serverItem = (id: number, fields: { title: string; soldTo?: string }) => ({
  ...makeItem({ id, ...fields }),
  favourites: 1,
});
const itemChange = (seq: number, id: number, data: unknown): Change => ({
  seq,
  topic: 'item',
  key: String(id),
  data,
});

let store: TestStore;
beforeEach(() => {
  store = freshStore();
});

/** The server after the device was away: the log starts over at 500, item `sold` is sold and
 * item `gone` no more; `items` answers those of `onServer`, `creators` those of `creators`. */
function server(onServer: Map<number, unknown>, creators = new Map<number, unknown>()) {
  const asked: string[] = [];
  const fetcher = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    asked.push(decodeURIComponent(url.pathname + url.search));
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
    const token = url.searchParams.get('page');
    if (url.pathname === '/api/snapshot' && token === null) {
      const page: SnapshotPage = { records: [], cursor: 500, next: null };
      return json(page);
    }
    if (url.pathname === '/api/snapshot' && token?.startsWith('items:')) {
      const ids = token.slice('items:'.length).split(',').map(Number);
      const records = ids.flatMap((id) =>
        onServer.has(id) ? [itemChange(500, id, onServer.get(id))] : [],
      );
      const page: SnapshotPage = { records, cursor: 500, next: null };
      return json(page);
    }
    if (url.pathname === '/api/snapshot' && token?.startsWith('creators:')) {
      const ids = token.slice('creators:'.length).split(',').map(Number);
      const records = ids.flatMap((id): Change[] =>
        creators.has(id)
          ? [{ seq: 500, topic: 'creator', key: String(id), data: creators.get(id) }]
          : [],
      );
      const page: SnapshotPage = { records, cursor: 500, next: null };
      return json(page);
    }
    if (url.pathname === '/api/changes') {
      const since = Number(url.searchParams.get('since'));
      const answer: PullResponse = { changes: [], cursor: since, more: false };
      return json(since < 400 ? { ...answer, reset: true } : answer);
    }
    return new Response('', { status: 404 });
  }) as typeof fetch;
  const ctx: CycleContext = {
    db: createDbHandle(),
    fetch: fetcher,
    now: () => new Date(at),
    owner: () => PUBLIC,
  };
  return { ctx, asked };
}

describe('after a start-over', () => {
  it('brings the favourites kept outside the snapshot current: sold shows sold, gone goes', async () => {
    const [sold, gone, waiting, unchanged] = [first + 1, first + 2, first + 3, first + 4];
    await applyServerWord(createDbHandle(), {
      changes: [sold, gone, waiting, unchanged].map((id) =>
        itemChange(100, id, serverItem(id, { title: `Item ${id}` })),
      ),
      cursor: 100,
      at,
    });
    for (const id of [sold, gone, waiting, unchanged]) await store.data.toggleFavourite(id);
    // Synced, but the favourite of `waiting` taken off again and not pushed yet.
    await applyServerWord(createDbHandle(), {
      results: [1, 2, 3, 4].map((n) => ({ id: mutationId(n), status: 'applied' as const })),
      at,
    });
    await store.data.toggleFavourite(waiting);
    const { ctx, asked } = server(
      new Map([
        [sold, serverItem(sold, { title: `Item ${sold}`, soldTo: 'Bo' })],
        [unchanged, serverItem(unchanged, { title: `Item ${unchanged}` })],
      ]),
    );
    expect(await pullAll(ctx)).toEqual({ kind: 'ok' });
    expect(asked).toContain(`/api/snapshot?page=items:${sold},${gone},${waiting},${unchanged}`);
    expect(await store.data.getItem(sold)).toMatchObject({ soldTo: 'Bo' });
    expect(await store.data.getItem(gone)).toBeNull();
    // The server has it no more, but the waiting change is about it: it stays for the push.
    expect(await store.data.getItem(waiting)).toMatchObject({ id: waiting });
    expect(await store.data.getItem(unchanged)).toMatchObject({ title: `Item ${unchanged}` });
    // Done: the next cycle asks nothing more of them.
    expect(await (await createDbHandle().get()).get('syncMeta', HEAL_BELOW_KEY)).toBeUndefined();
    asked.length = 0;
    expect(await pullAll(ctx)).toEqual({ kind: 'ok' });
    expect(asked.filter((path) => path.includes('items:'))).toEqual([]);
  });

  it(`asks ${HEAL_PAGE} items a page, and goes on at the next cycle when a page could not be asked`, async () => {
    const ids = Array.from({ length: HEAL_PAGE + 3 }, (_, n) => first + 10 + n);
    await applyServerWord(createDbHandle(), {
      changes: ids.map((id) => itemChange(100, id, serverItem(id, { title: 'Old' }))),
      cursor: 100,
      at,
    });
    for (const id of ids) await store.data.toggleFavourite(id);
    await applyServerWord(createDbHandle(), {
      results: ids.map((_, n) => ({ id: mutationId(n + 1), status: 'applied' as const })),
      at,
    });
    const current = new Map(ids.map((id) => [id, serverItem(id, { title: 'New' })]));
    const { ctx, asked } = server(current);
    const fetcher = ctx.fetch;
    let pages = 0;
    // The second page fails (offline): the first stays landed, the rest waits.
    ctx.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('items%3A') && (pages += 1) === 2) throw new TypeError('offline');
      return fetcher(input, init);
    }) as typeof fetch;
    expect((await pullAll(ctx)).kind).toBe('offline');
    const titles = async () =>
      Promise.all(ids.map(async (id) => (await store.data.getItem(id))?.title));
    expect((await titles()).filter((title) => title === 'New')).toHaveLength(HEAL_PAGE);
    expect(await pullAll(ctx)).toEqual({ kind: 'ok' });
    expect(new Set(await titles())).toEqual(new Set(['New']));
    const pageSizes = asked
      .filter((path) => path.includes('items:'))
      .map((path) => path.split(',').length);
    expect(pageSizes).toEqual([HEAL_PAGE, 3]);
  });

  it('brings the followed creators current too: changed shows changed, gone goes, one a waiting follow is about stays', async () => {
    const ids = Array.from({ length: HEAL_PAGE + 2 }, (_, n) => FIRST_ACCOUNT_ID + 10 + n);
    const [renamed, gone, waiting] = ids as [number, number, number];
    // Opened here, then followed (and synced), while the log was at 100.
    await applyServerWord(createDbHandle(), {
      changes: ids.map((id): Change => ({
        seq: 100,
        topic: 'creator',
        key: String(id),
        data: makeCreator({ id, name: `Old ${id}` }),
      })),
      readAt: 100,
      at,
    });
    for (const id of ids) await store.data.toggleFollow(id);
    await applyServerWord(createDbHandle(), {
      results: ids.map((_, n) => ({ id: mutationId(n + 1), status: 'applied' as const })),
      at,
    });
    // The follow of `waiting` taken off again, not pushed yet.
    await store.data.toggleFollow(waiting);
    const current = new Map<number, unknown>(
      ids
        .filter((id) => id !== gone && id !== waiting)
        .map((id) => [id, makeCreator({ id, name: id === renamed ? 'Renamed' : `Old ${id}` })]),
    );
    const { ctx, asked } = server(new Map(), current);
    const fetcher = ctx.fetch;
    let pages = 0;
    // The second page of creators fails (offline): the first stays landed, the rest waits.
    ctx.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('creators%3A') && (pages += 1) === 2) {
        throw new TypeError('offline');
      }
      return fetcher(input, init);
    }) as typeof fetch;
    expect((await pullAll(ctx)).kind).toBe('offline');
    expect(await store.data.getCreator(renamed)).toMatchObject({ name: 'Renamed' });
    expect(await (await createDbHandle().get()).get('syncMeta', HEAL_BELOW_KEY)).toBe(500);
    expect(await pullAll(ctx)).toEqual({ kind: 'ok' });
    expect(await store.data.getCreator(gone)).toBeNull();
    // The server has it no more, but the waiting change is about it: it stays for the push.
    expect(await store.data.getCreator(waiting)).toMatchObject({ id: waiting });
    const last = ids.at(-1) as number;
    expect(await store.data.getCreator(last)).toMatchObject({ name: `Old ${last}` });
    const pageSizes = asked
      .filter((path) => path.includes('creators:'))
      .map((path) => path.split(',').length);
    // 50 at a time; the next cycle asks what is still stamped below the mark: the two the page
    // cut short never asked, and the one the waiting follow kept.
    expect(pageSizes).toEqual([HEAL_PAGE, 3]);
    expect(await (await createDbHandle().get()).get('syncMeta', HEAL_BELOW_KEY)).toBeUndefined();
  });
});
