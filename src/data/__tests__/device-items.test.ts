// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { ValidationError } from '../errors';
import { LOCAL_USER_ID } from '@shared/types';
import { freshStore, pngBlob, type TestStore } from './fixtures';

let store: TestStore;
beforeEach(() => {
  store = freshStore();
});
const ids = (list: { id: number }[]) => list.map((x) => x.id);

const upload = (fields: Partial<Parameters<TestStore['data']['createItem']>[0]> = {}) =>
  store.data.createItem({
    title: 'Midnight Éclair',
    description: 'Pastry at night',
    type: 'GIFs',
    rateEth: '0.004',
    image: pngBlob(),
    imageType: 'image/png',
    ...fields,
  });

describe('reading items', () => {
  it('lists, filters, sorts and pages the sample items', async () => {
    const page = await store.data.listItems({ sort: 'top', pageSize: 2, page: 2 });
    expect(ids(page.items)).toEqual([3, 5]);
    expect(page).toMatchObject({ total: 5, page: 2, pageCount: 3, pageSize: 2 });
    const clamped = await store.data.listItems({ pageSize: 2, page: 40 });
    expect(clamped.page).toBe(3);
    expect(ids(clamped.items)).toEqual([5]);
    const art = await store.data.listItems({ category: 'Art', q: 'SMOKE' });
    expect(ids(art.items)).toEqual([1, 5]);
  });

  it('uses PAGE_SIZE_ITEMS (8) by default', async () => {
    expect((await store.data.listItems()).pageSize).toBe(8);
  });

  it('gets one item or null', async () => {
    expect((await store.data.getItem(2))?.title).toBe('Café Dreams');
    expect(await store.data.getItem(999)).toBeNull();
  });

  it('lists the running auctions only, soonest ending first (issue 31)', async () => {
    // Fixture: items 2 and 3 are auctions, 3 ended; 1 and 5 sell at a fixed price, 4 takes offers.
    const page = await store.data.listAuctions();
    expect(ids(page.items)).toEqual([2]);
    expect(page.total).toBe(1);
    store.clock.advance(2 * 3_600_000);
    expect((await store.data.listAuctions()).total).toBe(0);
  });

  it('lists by creator and by ids (in the order asked, unknown skipped)', async () => {
    expect(ids(await store.data.listItemsByCreator(2))).toEqual([2, 4]);
    expect(ids(await store.data.listItemsByIds([5, 77, 1]))).toEqual([5, 1]);
  });
});

describe('creating an item', () => {
  it('stores it with an id from 1001 and shows it everywhere', async () => {
    const item = await upload();
    expect(item).toMatchObject({
      id: 1001,
      title: 'Midnight Éclair',
      userCreated: true,
      creatorId: LOCAL_USER_ID,
      ownerId: LOCAL_USER_ID,
      category: 'Memes',
      saleKind: 'now',
      priceEth: '0.004',
      name: 'Sample User',
    });
    expect(item.image).toMatch(/^idb:/);
    expect((await upload({ title: 'Second' })).id).toBe(1002);

    const all = await store.data.listItems();
    expect(ids(all.items).slice(0, 2)).toEqual([1002, 1001]);
    expect(all.total).toBe(7);
    expect(ids((await store.data.listItems({ q: 'eclair' })).items)).toEqual([1001]);
    expect(ids(await store.data.listItemsByCreator(LOCAL_USER_ID))).toEqual([1002, 1001]);
    const hits = await store.data.search('midnight');
    expect(hits[0]).toMatchObject({ kind: 'item', id: 1001 });
    expect((await store.data.getCreator(LOCAL_USER_ID))?.name).toBe('Sample User');
    const listing = await store.data.listActivity({ tags: ['Listing'], itemId: 1001 });
    expect(listing).toHaveLength(1);
  });

  it('keeps the image bytes and gives an object URL for them', async () => {
    const item = await upload({ image: pngBlob(10) });
    const url = await store.data.getImageUrl(item.image.slice('idb:'.length));
    expect(url).toMatch(/^blob:/);
    expect(await store.data.getImageUrl('missing')).toBeNull();
  });

  it('makes an auction when an expiration date is given', async () => {
    const item = await upload({ startDate: '2026-03-02', endDate: '2026-03-09' });
    expect(item.saleKind).toBe('auctions');
    expect(new Date(item.liveDate).getDate()).toBe(9);
    expect(ids((await store.data.listAuctions()).items)).toContain(item.id);
  });

  it('rejects bad input with a message per field and saves nothing', async () => {
    const error = await upload({
      title: '  ',
      rateEth: 'cheap',
      startDate: '2026-03-09',
      endDate: '2026-03-05',
      image: new Blob([], { type: 'image/png' }),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fieldErrors).toEqual({
      title: 'Art Title is required.',
      rateEth: 'Enter a price in ETH, like 0.004.',
      endDate: 'The expiration date must be after the starting date.',
      image: 'This file is empty. Choose another one.',
    });
    expect((await store.data.listItems()).total).toBe(5);
  });

  it('refuses files over 10 MB and types other than images and MP4', async () => {
    const big = {
      size: 10 * 1024 * 1024 + 1,
      type: 'image/png',
      arrayBuffer: async () => new ArrayBuffer(0),
    };
    await expect(upload({ image: big as unknown as Blob })).rejects.toMatchObject({
      fieldErrors: { image: 'This file is larger than 10MB.' },
    });
    await expect(upload({ imageType: 'application/pdf' })).rejects.toMatchObject({
      fieldErrors: { image: 'Choose a JPG, PNG or GIF image, or an MP4 video.' },
    });
  });

  it('uses the creator profile for the item creator, also on older items', async () => {
    const before = await upload();
    const creator = await store.data.createCreatorProfile({
      name: 'Nia Moon',
      url: 'https://artmint.app/@niamoon',
      bio: 'Night painter',
    });
    expect(creator).toMatchObject({ id: LOCAL_USER_ID, handle: '@niamoon', userCreated: true });
    const item = await store.data.getItem(before.id);
    expect(item).toMatchObject({ name: 'Nia Moon', subtext: '@niamoon' });
    const creators = await store.data.listCreators();
    expect(creators.items.at(-1)?.name).toBe('Nia Moon');
    expect(creators.total).toBe(4);
  });

  it('validates the creator profile', async () => {
    await expect(
      store.data.createCreatorProfile({
        name: '',
        url: 'not a url',
        twitter: 'way too long handle',
      }),
    ).rejects.toMatchObject({
      fieldErrors: {
        name: 'Enter a display name.',
        url: 'Enter a web address, like https://artmint.app/@you.',
        twitter: expect.stringMatching(/Twitter username/) as unknown,
      },
    });
  });

  it('become creator: saves the profile and its first item together (docs/product.md "Upload work / become creator")', async () => {
    const item = await upload({
      title: 'First work by Nia Moon',
      creatorProfile: { name: ' Nia Moon ', twitter: '@niamoon', bio: 'Night painter' },
    });
    expect(item).toMatchObject({ creatorId: LOCAL_USER_ID, name: 'Nia Moon', subtext: '@niamoon' });
    expect(await store.data.getCreator(LOCAL_USER_ID)).toMatchObject({
      name: 'Nia Moon',
      handle: '@niamoon',
      bio: 'Night painter',
    });
    expect(ids(await store.data.listItemsByCreator(LOCAL_USER_ID))).toEqual([item.id]);
    const hits = await store.data.search('First work by Nia');
    expect(hits.map((hit) => hit.title)).toContain('First work by Nia Moon');
    expect(ids((await store.data.listItems({ q: 'Nia Moon' })).items)).toContain(item.id);
  });

  it('become creator: a bad profile saves neither the profile nor the item', async () => {
    await expect(
      upload({ creatorProfile: { name: '', twitter: 'way too long handle' } }),
    ).rejects.toMatchObject({ fieldErrors: { name: 'Enter a display name.' } });
    expect(await store.data.getCreator(LOCAL_USER_ID)).toBeNull();
    expect(await store.data.listItemsByCreator(LOCAL_USER_ID)).toEqual([]);
  });
});
