// @vitest-environment node
// Lists of items asked of the server when there is one, and answered by the device when not
// (device/item-lists.ts): the server's order and counts, its items landing in the device store
// and read with this device's own writes, and the line of what an offline list ran over.
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { createDeviceDataAccess, type DeviceDataAccess } from '../device-data-access';
import { createDbHandle } from '../device/db';
import type { ServerItemList, ServerListQuery } from '../remote/catalog-api';
import type { ApiResult } from '../contract/data-access';
import { setSyncStatus } from '../core/status';
import { sortItems } from '@shared/query';
import { makeItem, mutationId, NOW, pngBlob, sampleFixture } from './fixtures';

let answer: (query: ServerListQuery) => ApiResult<ServerItemList>;
let asked: ServerListQuery[];
let data: DeviceDataAccess;

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  asked = [];
  let n = 0;
  data = createDeviceDataAccess({
    sample: sampleFixture(),
    now: () => NOW,
    newMutationId: () => mutationId(++n),
    lists: async (query) => {
      asked.push(query);
      return answer(query);
    },
  });
  setSyncStatus({ mode: 'online' });
});

const serverItem = (id: number, title: string, extra: object = {}) => ({
  ...makeItem({ id, title }),
  favourites: 0,
  ...extra,
});

describe('a list the server answers', () => {
  it("comes in the server's order and count, lands in the device store, and carries this device's writes", async () => {
    answer = () => ({
      kind: 'ok',
      value: {
        items: [serverItem(100001, 'From another collector'), serverItem(2, 'Café Dreams')],
        cursor: 40,
        total: 12_345,
        capped: false,
        page: 1,
      },
    });
    await data.placeBid({ itemId: 2, priceEth: '9', quantity: 1 });
    const page = await data.listItems({ category: 'Music', pageSize: 2 });
    expect(asked).toEqual([{ category: 'Music', pageSize: 2, page: 1 }]);
    expect(page.items.map((i) => i.title)).toEqual(['From another collector', 'Café Dreams']);
    expect(page.items[1]?.highestBidEth).toBe('9');
    expect(page).toMatchObject({ total: 12_345, page: 1, pageCount: 50 });
    expect(page.held).toBeUndefined();
    const stored = await (await createDbHandle().get()).get('remoteItems', 100001);
    expect(stored).toMatchObject({ title: 'From another collector', seq: 40 });
    // Held now: the item opens on this device.
    expect((await data.getItem(100001))?.title).toBe('From another collector');
  });

  it('puts items made on this device and not yet on the server first, and says a count is capped', async () => {
    answer = () => ({
      kind: 'ok',
      value: {
        items: [serverItem(3, 'Pixel Knight')],
        cursor: 1,
        total: 10_000,
        capped: true,
        page: 1,
      },
    });
    const mine = await data.createItem({
      title: 'Midnight Éclair',
      description: 'Pastry',
      type: 'GIFs',
      rateEth: '0.004',
      image: pngBlob(),
      imageType: 'image/png',
    });
    const page = await data.listItems({});
    expect(page.items.map((i) => i.id)).toEqual([mine.id, 3]);
    expect(page).toMatchObject({ total: 10_001, capped: true });
  });
});

describe('a list the server cannot answer', () => {
  it('offline: the device answers over what it holds, and says how much the catalogue has', async () => {
    answer = () => ({
      kind: 'ok',
      value: {
        items: [serverItem(1, 'Abstract Smoke Red')],
        cursor: 5,
        total: 100_000,
        capped: true,
        page: 1,
      },
    });
    await data.listItems({ pageSize: 1 });
    answer = () => ({ kind: 'offline' });
    const page = await data.listItems({ pageSize: 2 });
    expect(page.items.map((i) => i.id)).toEqual([1, 2]);
    expect(page.held).toEqual({ count: 5, catalogue: 100_000, connectable: true });
  });

  it('with no server behind the site, says nothing of connecting', async () => {
    answer = () => ({ kind: 'failed', error: 'This site has no server to load them from.' });
    const page = await data.listItems({});
    expect(page.held).toEqual({ count: 5, catalogue: null, connectable: false });
    expect(page.total).toBe(5);
  });

  it("pages the server cannot page by number are the device's", async () => {
    answer = () => {
      throw new Error('not asked');
    };
    expect((await data.listItems({ pageSize: 100 })).items).toHaveLength(5);
    expect(asked).toEqual([]);
  });
});

describe('a list asked from the device', () => {
  it('is what this device holds, as it orders it, without asking the server that would answer', async () => {
    answer = () => ({
      kind: 'ok',
      value: {
        items: [serverItem(100001, 'Elsewhere')],
        cursor: 1,
        total: 9,
        capped: false,
        page: 1,
      },
    });
    const page = await data.listItems({ sort: 'top', pageSize: 2, page: 2 }, { from: 'device' });
    expect(asked).toEqual([]);
    const byRating = sortItems(sampleFixture().items, 'top');
    expect(page.items.map((i) => i.id)).toEqual(byRating.slice(2, 4).map((i) => i.id));
    expect(page).toMatchObject({ total: 5, page: 2, pageSize: 2, pageCount: 3 });
    expect(page.held).toBeUndefined();
  });

  it('before the app lets lists ask the server, leaves no list waiting to be asked again', async () => {
    let notAsked = 0;
    const early = createDeviceDataAccess({
      sample: sampleFixture(),
      now: () => NOW,
      lists: async (query) => answer(query),
      serverOn: () => false,
      notAsked: () => (notAsked += 1),
    });
    await early.listItems({ pageSize: 2 }, { from: 'device' });
    expect(notAsked).toBe(0);
    await early.listItems({ pageSize: 2 });
    expect(notAsked).toBe(1);
    early.close();
  });
});

describe('a page after a cursor', () => {
  it('goes past the pages the server numbers, while the server gives a next cursor', async () => {
    const cursor = (page: number) => `-${100_000 + page}`;
    answer = (query) => ({
      kind: 'ok',
      value: {
        items: [serverItem(200_000 + (query.page ?? 0), 'Deep work', { creatorId: 7 })],
        cursor: 8,
        total: 10_000,
        capped: true,
        page: 1,
        ...(query.after === cursor(60) ? {} : { next: cursor(61) }),
      },
    });
    const deep = await data.profileItems({ creatorId: 7 }, 60, 24, cursor(59));
    expect(asked.at(-1)).toEqual({ creatorId: 7, page: 60, pageSize: 24, after: cursor(59) });
    expect(deep).toMatchObject({ page: 60, pageCount: 61, next: cursor(61) });
    const last = await data.profileItems({ creatorId: 7 }, 61, 24, cursor(60));
    expect(last).toMatchObject({ page: 61, pageCount: 61 });
    expect(last.next).toBeUndefined();
  });
});

describe('a list asked again while the answer is fresh (askListOnce)', () => {
  const fresh = (freshMs: number) => {
    const stale: number[] = [];
    const access = createDeviceDataAccess({
      sample: sampleFixture(),
      now: () => NOW,
      lists: async (query) => {
        asked.push(query);
        return answer(query);
      },
      listsFreshMs: freshMs,
      listsStale: (ms) => stale.push(ms),
    });
    return { access, stale };
  };
  const oneItem = (title: string): ApiResult<ServerItemList> => ({
    kind: 'ok',
    value: { items: [serverItem(2, title)], cursor: 40, total: 1, capped: false, page: 1 },
  });

  it('asks the server once, reads the records the device holds now, and says when it goes stale', async () => {
    const { access, stale } = fresh(60_000);
    answer = () => oneItem('Café Dreams');
    const first = await access.listItems({ pageSize: 1 });
    expect(first.items[0]?.highestBidEth).not.toBe('9');
    // A change lands on the device (here this device's bid; sync's the same way), then the
    // screen reads its list again, as after every sync.
    await access.placeBid({ itemId: 2, priceEth: '9', quantity: 1 });
    answer = () => oneItem('Changed on the server meanwhile');
    const again = await access.listItems({ pageSize: 1 });
    expect(asked).toHaveLength(1);
    expect(again.items.map((item) => [item.title, item.highestBidEth])).toEqual([
      ['Café Dreams', '9'],
    ]);
    expect(stale).toHaveLength(1);
    expect(stale[0]).toBeGreaterThan(59_000);
    expect(stale[0]).toBeLessThanOrEqual(60_000);
    // Another list is another ask.
    await access.listItems({ pageSize: 1, category: 'Music' });
    expect(asked).toHaveLength(2);
  });

  it('asks again once the answer is stale, and never keeps an answer that failed', async () => {
    const { access } = fresh(30);
    answer = () => ({ kind: 'offline' });
    await access.listItems({ pageSize: 1 });
    answer = () => oneItem('Café Dreams');
    await access.listItems({ pageSize: 1 });
    expect(asked).toHaveLength(2);
    await new Promise((wait) => setTimeout(wait, 40));
    answer = () => oneItem('Newer');
    expect((await access.listItems({ pageSize: 1 })).items[0]?.title).toBe('Newer');
    expect(asked).toHaveLength(3);
  });

  it('asks every time where the context keeps no answer (the tests and the prerender)', async () => {
    answer = () => oneItem('Café Dreams');
    await data.listItems({ pageSize: 1 });
    await data.listItems({ pageSize: 1 });
    expect(asked).toHaveLength(2);
  });
});
