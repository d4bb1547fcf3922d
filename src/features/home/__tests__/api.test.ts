// @vitest-environment node
// The home pages' data (docs/database.md "Lists and search"): the creator grids are the creators
// list's first page, the server's when it answers; the best creators rank every creator this
// device holds, never asked of the server.
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { setDataAccessForTests } from '@/data/data-access';
import { createDeviceDataAccess } from '@/data/device-data-access';
import { setSyncStatus } from '@/data/core/status';
import type { ServerCreatorQuery } from '@/data/remote/catalog-api';
import { makeCreator, NOW, sampleFixture } from '@/data/__tests__/fixtures';
import { loadHomeData } from '../api';

afterEach(() => setDataAccessForTests(null));

describe('loadHomeData', () => {
  it('asks the server for the creator grids only; the best creators are every creator held', async () => {
    globalThis.indexedDB = new IDBFactory();
    const sample = sampleFixture();
    const asked: ServerCreatorQuery[] = [];
    let listsOn = false;
    let notAsked = 0;
    setDataAccessForTests(
      createDeviceDataAccess({
        sample,
        now: () => NOW,
        creatorLists: async (query) => {
          asked.push(query);
          const creators = [{ ...makeCreator({ id: 100_042, name: 'Nadia Far' }), followers: 3 }];
          return {
            kind: 'ok',
            value: { creators, cursor: 9, total: 2_500, capped: false, page: 1 },
          };
        },
        serverOn: () => listsOn,
        notAsked: () => (notAsked += 1),
      }),
    );
    setSyncStatus({ mode: 'online' });
    // Before the app lets lists ask: only the creator grids' list waits to be asked again.
    const early = await loadHomeData();
    expect(early.heldCreators.map((c) => c.id)).toEqual(sample.creators.map((c) => c.id));
    expect(notAsked).toBe(1);
    listsOn = true;
    const home = await loadHomeData();
    expect(asked).toEqual([{ order: 'list', page: 1, pageSize: 60 }]);
    expect(notAsked).toBe(1);
    expect(home.creators.map((c) => c.name)).toEqual(['Nadia Far']);
    expect(home).toMatchObject({ creatorCount: 2_500, creatorsCapped: false });
    // The server's creator is held now, and the next home ranks it with the rest.
    const next = await loadHomeData();
    expect(next.heldCreators.map((c) => c.id).sort((a, b) => a - b)).toEqual(
      [...sample.creators.map((c) => c.id), 100_042].sort((a, b) => a - b),
    );
  });
});
