// @vitest-environment node
// The collections list asked of the server when there is one, and the app's own when not
// (device/collection-lists.ts): the server's page and count, a record that is not a collection
// left out, and offline the line only when the server listed more than the app ships.
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { createDeviceDataAccess, type DeviceDataAccess } from '../device-data-access';
import type { ServerCollectionList } from '../remote/catalog-api';
import type { ApiResult } from '../contract/data-access';
import { setSyncStatus } from '../core/status';
import { NOW, sampleFixture } from './fixtures';

let answer: () => ApiResult<ServerCollectionList>;
let asked: [number, number][];
let data: DeviceDataAccess;
const sample = sampleFixture();

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  asked = [];
  data = createDeviceDataAccess({
    sample,
    now: () => NOW,
    collectionLists: async (page, pageSize) => {
      asked.push([page, pageSize]);
      return answer();
    },
  });
  setSyncStatus({ mode: 'online' });
});

const shipped = sample.collections;
const first = shipped[0];
if (!first) throw new Error('the fixture has no collection');
const fromServer = { ...first, id: 500, title: 'Night Trains' };

describe('the collections list', () => {
  it("is the server's page and count when it answers, a record that is not a collection left out", async () => {
    answer = () => ({
      kind: 'ok',
      value: {
        collections: [fromServer, { id: 'x' }],
        total: 30,
        capped: false,
        page: 2,
      },
    });
    const page = await data.listCollections(2, 8);
    expect(asked).toEqual([[2, 8]]);
    expect(page.items).toEqual([fromServer]);
    expect(page).toMatchObject({ total: 30, page: 2, pageSize: 8, pageCount: 4 });
    expect(page.held).toBeUndefined();
  });

  it('offline, is the app’s own, saying so only when the server listed more', async () => {
    answer = () => ({ kind: 'offline' });
    const before = await data.listCollections(1, 8);
    expect(before.items).toEqual(shipped.slice(0, 8));
    expect(before.held).toBeUndefined();
    answer = () => ({
      kind: 'ok',
      value: { collections: [fromServer], total: shipped.length + 4, capped: false, page: 1 },
    });
    await data.listCollections(1, 8);
    answer = () => ({ kind: 'offline' });
    const after = await data.listCollections(1, 8);
    expect(after.held).toEqual({
      count: shipped.length,
      catalogue: shipped.length + 4,
      connectable: true,
    });
  });
});
