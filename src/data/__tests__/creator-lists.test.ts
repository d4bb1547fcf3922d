// @vitest-environment node
// The creators list asked of the server when there is one, and answered by the device when not
// (device/creator-lists.ts): the server's order and count, its creators landing in the device
// store with this device's follows, the line of what an offline list ran over; and a creator
// opened from the server, kept for offline use.
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { createDeviceDataAccess, type DeviceDataAccess } from '../device-data-access';
import { createDbHandle } from '../device/db';
import type { ServerCreator, ServerCreatorList, ServerCreatorQuery } from '../remote/catalog-api';
import type { ApiResult } from '../contract/data-access';
import { setSyncStatus } from '../core/status';
import { makeCreator, mutationId, NOW, sampleFixture } from './fixtures';

let answer: (query: ServerCreatorQuery) => ApiResult<ServerCreatorList>;
let one: ApiResult<ServerCreator>;
let asked: ServerCreatorQuery[];
let askedOne: number[];
let data: DeviceDataAccess;

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  asked = [];
  askedOne = [];
  let n = 0;
  data = createDeviceDataAccess({
    sample: sampleFixture(),
    now: () => NOW,
    newMutationId: () => mutationId(++n),
    creatorLists: async (query) => {
      asked.push(query);
      return answer(query);
    },
    creator: async (id) => {
      askedOne.push(id);
      return one;
    },
  });
  setSyncStatus({ mode: 'online' });
});

const maker = (id: number, name: string, followers = 0) => ({
  ...makeCreator({ id, name }),
  followers,
});

const listOf =
  (creators: object[], extra: Partial<ServerCreatorList> = {}) =>
  (): ApiResult<ServerCreatorList> => ({
    kind: 'ok',
    value: { creators, cursor: 30, total: 2_500, capped: false, page: 1, ...extra },
  });

describe('the creators list the server answers', () => {
  it("comes in the server's order and count, lands in the device store, and carries this device's follows", async () => {
    answer = listOf([maker(100_042, 'Nadia Far', 7), maker(1, 'Sample One', 10)], {
      next: '-100042',
    });
    await data.toggleFollow(1);
    const page = await data.listCreators({ order: 'followers', pageSize: 2 });
    expect(asked).toEqual([{ order: 'followers', page: 1, pageSize: 2 }]);
    expect(page.items.map((c) => c.name)).toEqual(['Nadia Far', 'Sample One']);
    // The waiting follow counts on top of the server's figure.
    expect(page.items[1]?.followers).toBe(11);
    expect(page).toMatchObject({ total: 2_500, page: 1, pageCount: 50, next: '-100042' });
    expect(page.held).toBeUndefined();
    const stored = await (await createDbHandle().get()).get('remoteCreators', 100_042);
    expect(stored).toMatchObject({ name: 'Nadia Far', seq: 30 });
    // Held now: the profile opens without asking.
    expect(await data.openCreator(100_042)).toMatchObject({ name: 'Nadia Far' });
    expect(askedOne).toEqual([]);
  });

  it('asks the page after a cursor, and leaves a deleted placeholder out', async () => {
    answer = listOf([maker(100_050, 'Deep Maker'), { ...maker(100_049, 'Gone'), deleted: true }]);
    const page = await data.listCreators({ page: 51, after: '-100051', pageSize: 9 });
    expect(asked).toEqual([{ order: 'list', page: 51, pageSize: 9, after: '-100051' }]);
    expect(page.items.map((c) => c.name)).toEqual(['Deep Maker']);
    expect(page).toMatchObject({ page: 51, pageCount: 51 });
  });

  it("puts this device's own creator profile first while the server has none", async () => {
    answer = listOf([maker(100_001, 'Someone Else')]);
    await data.createCreatorProfile({ name: 'Me Myself' });
    const page = await data.listCreators({});
    expect(page.items.map((c) => c.name)).toEqual(['Me Myself', 'Someone Else']);
    expect(page.total).toBe(2_501);
  });
});

describe('the creators list the server cannot answer', () => {
  it('offline: the device answers over what it holds, and says how many the server listed', async () => {
    answer = listOf([maker(100_042, 'Nadia Far', 7)]);
    await data.listCreators({});
    answer = () => ({ kind: 'offline' });
    const page = await data.listCreators({ order: 'followers', pageSize: 3 });
    const held = (await data.listCreators({ pageSize: 1000 }, { from: 'device' })).items;
    expect(page.held).toEqual({ count: held.length, catalogue: 2_500, connectable: true });
    const byFollowers = [...held].sort((a, b) => b.followers - a.followers || a.id - b.id);
    expect(page.items.map((c) => c.id)).toEqual(byFollowers.slice(0, 3).map((c) => c.id));
  });

  it('with no server behind the site, says nothing of connecting', async () => {
    answer = () => ({ kind: 'failed', error: 'This site has no server to load them from.' });
    const page = await data.listCreators({});
    expect(page.held).toMatchObject({ catalogue: null, connectable: false });
  });
});

describe('the creators list asked from the device', () => {
  it("is every creator this device holds, in the list's order, without asking the server", async () => {
    answer = listOf([maker(100_042, 'Nadia Far', 7)]);
    await data.listCreators({});
    asked = [];
    const held = await data.listCreators({ pageSize: 1000 }, { from: 'device' });
    expect(asked).toEqual([]);
    expect(held.held).toBeUndefined();
    // The sample's creators and the one the server listed before, all held.
    expect(held.total).toBe(sampleFixture().creators.length + 1);
    expect(held.items.map((c) => c.name)).toContain('Nadia Far');
    const second = await data.listCreators({ page: 2, pageSize: 2 }, { from: 'device' });
    expect(second.items.map((c) => c.id)).toEqual(held.items.slice(2, 4).map((c) => c.id));
  });
});

describe('opening a creator', () => {
  it('asks the server for one it does not hold, keeps it, and opens it offline afterwards', async () => {
    one = { kind: 'ok', value: { creator: maker(100_077, 'Far Maker', 4), cursor: 12 } };
    expect(await data.openCreator(100_077)).toMatchObject({ name: 'Far Maker', followers: 4 });
    one = { kind: 'offline' };
    expect(await data.openCreator(100_077)).toMatchObject({ name: 'Far Maker' });
    expect(askedOne).toEqual([100_077]);
  });

  it('says a creator is not saved while offline, unknown when the server has none, and never asks for a sample id', async () => {
    one = { kind: 'offline' };
    expect(await data.openCreator(100_078)).toBe('not-saved');
    one = { kind: 'failed', error: 'There is no creator 100078.' };
    expect(await data.openCreator(100_078)).toBeNull();
    expect(await data.openCreator(99)).toBeNull();
    expect(await data.openCreator(1)).toMatchObject({ id: 1 });
    expect(askedOne).toEqual([100_078, 100_078]);
  });
});
