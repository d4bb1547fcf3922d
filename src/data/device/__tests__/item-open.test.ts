// @vitest-environment node
// Opening an item the device does not hold (docs/sync.md "Working set"): the server's copy lands
// in the device store and opens offline afterwards; offline, an item never opened says so; one
// the server does not have either is unknown.
import { beforeEach, describe, expect, it } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { makeItem, sampleFixture } from '../../__tests__/fixtures';
import { createDeviceDataAccess, type DeviceDataAccess } from '../../device-data-access';
import type { ItemPageAsk } from '../../contract/item-page';
import type { Change } from '@shared/protocol';

const ID = 100_007;
const record: Change = {
  seq: 40,
  topic: 'item',
  key: String(ID),
  data: { ...makeItem({ id: ID, title: 'Far Away Moon' }), favourites: 3 },
};
const bid: Change = {
  seq: 40,
  topic: 'bid',
  key: 'far-bid',
  data: {
    id: 'far-bid',
    itemId: ID,
    priceEth: '1.5',
    quantity: 1,
    bidder: 'Cy',
    at: '2026-03-01T12:00:00.000Z',
  },
};

let answer: Awaited<ReturnType<ItemPageAsk>>;
let asked: number[];
let data: DeviceDataAccess;
beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  asked = [];
  data = createDeviceDataAccess({
    sample: sampleFixture(),
    itemPage: async (id) => {
      asked.push(id);
      return answer;
    },
  });
});

describe('opening an item', () => {
  it('asks the server for one it does not hold, keeps it, and opens it offline afterwards', async () => {
    answer = { kind: 'ok', records: [record, bid] };
    expect(await data.openItem(ID)).toMatchObject({ id: ID, title: 'Far Away Moon' });
    expect(await data.listBids(ID)).toEqual([expect.objectContaining({ id: 'far-bid' })]);
    answer = { kind: 'offline' };
    expect(await data.openItem(ID)).toMatchObject({ id: ID });
    expect(asked).toEqual([ID]);
  });

  it('says an item is not saved while offline, and unknown when the server has none', async () => {
    answer = { kind: 'offline' };
    expect(await data.openItem(ID)).toBe('not-saved');
    answer = { kind: 'ok', records: [] };
    expect(await data.openItem(ID)).toBeNull();
    answer = { kind: 'failed' };
    expect(await data.openItem(ID)).toBeNull();
  });

  it('never asks for an item it holds (a sample item)', async () => {
    answer = { kind: 'offline' };
    expect(await data.openItem(1)).toMatchObject({ id: 1 });
    expect(asked).toEqual([]);
  });
});
