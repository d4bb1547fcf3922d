// @vitest-environment node
// The build's prerender renders every screen in Node, where there is no IndexedDB: the data
// access then reads the sample content alone, and says nothing of a device it does not have.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleFixture } from '../../__tests__/fixtures';
import { createDeviceDataAccess } from '../../device-data-access';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the data access where there is no IndexedDB (a server render)', () => {
  it('reads the sample content, with nothing of the user and no warning', async () => {
    vi.stubGlobal('indexedDB', undefined);
    const warn = vi.spyOn(console, 'warn');
    const sample = sampleFixture();
    const data = createDeviceDataAccess({ sample });

    const items = await data.listItems({});
    expect(items.total).toBe(sample.items.length);
    const first = sample.items[0];
    expect((await data.getItem(first?.id ?? 0))?.title).toBe(first?.title);
    const creator = sample.creators[0];
    expect((await data.getCreator(creator?.id ?? 0))?.name).toBe(creator?.name);
    expect(await data.listFavourites()).toEqual([]);
    expect(await data.listBids(first?.id ?? 0)).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
  });
});
