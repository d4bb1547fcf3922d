// @vitest-environment node
// The global search's item hits asked of the server (device/item-search.ts, docs/database.md
// "Lists and search"): ranked there, landed in the device store, remembered for the same query
// (offline too), forgotten with the account's data; no server, or none answering: the device's.
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { createDeviceDataAccess, type DeviceDataAccess } from '../device-data-access';
import type { ServerItemList, ServerListQuery } from '../remote/catalog-api';
import type { ApiResult } from '../contract/data-access';
import { setSyncStatus } from '../core/status';
import { makeItem, makeCreator, NOW, sampleFixture } from './fixtures';

let answer: (query: ServerListQuery) => ApiResult<ServerItemList>;
let data: DeviceDataAccess;

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  const sample = sampleFixture();
  sample.creators = [...sample.creators, makeCreator({ id: 9, name: 'Neon Studio' })];
  data = createDeviceDataAccess({ sample, now: () => NOW, lists: async (q) => answer(q) });
  setSyncStatus({ mode: 'online' });
});

const hit = (id: number, title: string) => ({ ...makeItem({ id, title }), favourites: 0 });
const ok = (items: object[]): ApiResult<ServerItemList> => ({
  kind: 'ok',
  value: { items, cursor: 3, total: items.length, capped: false, page: 1 },
});

describe('searchServer', () => {
  it("gives the server's item hits in its order among this device's other hits", async () => {
    answer = () => ok([hit(100_002, 'Neon Horizon'), hit(4, 'Neon Cat')]);
    const hits = await data.searchServer('neon', 8);
    expect(hits?.map((h) => [h.kind, h.title])).toEqual([
      ['item', 'Neon Horizon'],
      ['item', 'Neon Cat'],
      ['creator', 'Neon Studio'],
    ]);
    // A hit found by a typo comes after the titles that match as typed.
    answer = () => ok([hit(100_002, 'Neon Horizon')]);
    expect((await data.searchServer('nenon', 8))?.map((h) => h.title)).toEqual(['Neon Horizon']);
    // Landed: it opens on this device.
    expect((await data.getItem(100_002))?.title).toBe('Neon Horizon');
  });

  it('is remembered for the same query, offline too, until the account data is deleted', async () => {
    answer = () => ok([hit(100_002, 'Neon Horizon')]);
    expect(await data.search('nenon horizn')).toEqual([]);
    await data.searchServer('Nenon  Horizn');
    answer = () => ({ kind: 'offline' });
    expect(await data.searchServer('nenon horizn')).toBeNull();
    expect((await data.search('nenon horizn')).map((h) => h.title)).toEqual(['Neon Horizon']);
    await data.deleteAllUserData();
    expect(await data.search('nenon horizn')).toEqual([]);
  });

  it('answers null with no server to ask', async () => {
    const alone = createDeviceDataAccess({ sample: sampleFixture(), now: () => NOW });
    expect(await alone.searchServer('neon')).toBeNull();
    expect(await alone.searchServer('  ')).toEqual([]);
  });
});
