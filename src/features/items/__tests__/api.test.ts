// @vitest-environment node
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DataAccess } from '@/data/contract/data-access';
import { LOCAL_USER_ID, loadSampleData, setDataAccessForTests } from '@/data/data-access';
import { createDeviceDataAccess } from '@/data/device-data-access';
import { setSyncStatus } from '@/data/core/status';
import type { ServerListQuery } from '@/data/remote/catalog-api';
import { loadItemDetail, parseItemId } from '../api';
import { freshData, NOW } from './helpers';

let data: DataAccess;
beforeEach(() => {
  data = freshData();
});

describe('item ids in the URL (docs/product.md "Item detail": /item-detail/{id})', () => {
  it('reads the ids an item can have only: whole, from 1 to the largest the server keeps', () => {
    expect(parseItemId('1')).toBe(1);
    expect(parseItemId('1001')).toBe(1001);
    expect(parseItemId('2147483647')).toBe(2147483647);
    for (const raw of ['0', '-1', '1.5', 'abc', '01', '', undefined, '1e3']) {
      expect(parseItemId(raw)).toBeNull();
    }
    for (const raw of ['2147483648', '9999999999', '99999999999999999999']) {
      expect(parseItemId(raw)).toBeNull();
    }
  });
});

/** The item detail of a device that holds every item it is asked for. */
async function detailOf(id: number | null) {
  const detail = await loadItemDetail(id);
  if (detail === 'not-saved') throw new Error('a device store never says not-saved alone');
  return detail;
}

describe('loadItemDetail', () => {
  it('shows the first item without an id, and null for an unknown id', async () => {
    expect((await detailOf(null))?.item.id).toBe(1);
    expect(await detailOf(999)).toBeNull();
  });

  it('has the item with its creator, owner, collection and the sample price fields', async () => {
    // Item 1 sells at a fixed price and nobody has made an offer; item 2 is an auction.
    expect((await detailOf(2))?.item).toMatchObject({
      saleKind: 'auctions',
      highestBidEth: '3.55',
    });
    const detail = await detailOf(1);
    expect(detail?.item).toMatchObject({
      saleKind: 'now',
      priceEth: '3.5',
      highestBidEth: '0',
      blockchain: 'ETH',
    });
    expect(detail?.creator).toMatchObject({ id: detail?.item.creatorId, isYou: false });
    expect(detail?.owner).toMatchObject({ id: detail?.item.ownerId, isYou: false });
    expect(detail?.collection?.id).toBe(detail?.item.collectionId);
    expect(detail?.bids).toEqual([]);
  });

  it('reflects a bid: in the bids, the highest bid and the activity', async () => {
    await data.placeBid({ itemId: 2, priceEth: '4.2', quantity: 2 });
    const detail = await detailOf(2);
    expect(detail?.bids).toEqual([expect.objectContaining({ priceEth: '4.2', quantity: 2 })]);
    expect(detail?.item.highestBidEth).toBe('4.2');
    expect(detail?.activity[0]).toMatchObject({ type: 'Bid', itemId: 2 });
  });

  it('reflects a purchase: the local user is the owner', async () => {
    await data.checkout({ itemId: 3, priceEth: '3.5' });
    const detail = await detailOf(3);
    expect(detail?.item.ownerId).toBe(LOCAL_USER_ID);
    expect(detail?.owner.isYou).toBe(true);
    expect(detail?.owner.name).toBeTruthy();
  });
});

describe('related items ("More like this")', () => {
  it('are other items, the same category first, at most 4', async () => {
    const detail = await detailOf(1);
    const related = detail?.related ?? [];
    expect(related).toHaveLength(4);
    expect(related.map((i) => i.id)).not.toContain(1);
    expect(related.slice(0, 2).every((i) => i.category === detail?.item.category)).toBe(true);
  });

  it("are this device's own, as the prerendered pages show them, and never ask the server", async () => {
    globalThis.indexedDB = new IDBFactory();
    // Without item 1, /item-detail shows the first item of the device's list.
    const full = loadSampleData(NOW);
    const sample = { ...full, items: full.items.filter((item) => item.id !== 1) };
    const [first] = sample.items;
    if (!first) throw new Error('the sample has items');
    const elsewhere = { ...first, id: 100_001, title: 'Listed elsewhere', favourites: 0 };
    const asked: ServerListQuery[] = [];
    let listsOn = false;
    let notAsked = 0;
    setDataAccessForTests(
      createDeviceDataAccess({
        sample,
        now: () => NOW,
        lists: async (query) => {
          asked.push(query);
          return {
            kind: 'ok',
            value: { items: [elsewhere], cursor: 1, total: 1, capped: false, page: 1 },
          };
        },
        serverOn: () => listsOn,
        notAsked: () => (notAsked += 1),
      }),
    );
    setSyncStatus({ mode: 'online' });
    // Before the app lets lists ask the server, the page is not left to be loaded again.
    expect((await detailOf(null))?.related).toHaveLength(4);
    expect(notAsked).toBe(0);
    listsOn = true;
    const detail = await detailOf(null);
    expect(detail?.item.id).toBe(first.id);
    expect(detail?.related.map((i) => i.id)).not.toContain(100_001);
    expect(detail?.related).toHaveLength(4);
    expect(asked).toEqual([]);
  });
});
