// @vitest-environment node
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SAMPLE_ITEM_COUNT } from '@/config/constants';
import { getDataAccess, loadSampleData, setDataAccessForTests } from '../data-access';
import { isActivityEntry, isCreator, isItem } from '../schemas';

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  setDataAccessForTests(null);
});
afterEach(() => {
  setDataAccessForTests(null);
});

describe('the real sample modules', () => {
  it('pass the same validators as stored records', () => {
    const sample = loadSampleData(new Date());
    expect(sample.items.filter((item) => !isItem(item))).toEqual([]);
    expect(sample.creators.filter((creator) => !isCreator(creator))).toEqual([]);
    expect(sample.activity.filter((entry) => !isActivityEntry(entry))).toEqual([]);
  });

  it('feed the default data access', async () => {
    const data = getDataAccess();
    expect((await data.listItems({ pageSize: 100 })).total).toBe(SAMPLE_ITEM_COUNT);
    const auctions = await data.listAuctions();
    expect(auctions.items.length).toBeGreaterThan(0);
    const first = auctions.items[0];
    expect(first && Date.parse(first.liveDate)).toBeGreaterThan(Date.now());
  });
});
