// @vitest-environment node
// A screen asks for the same records many times at once (the home page's sections each merge
// the catalogue; every card asks whether it is a favourite): one read answers them all, and a
// read begun before a write of this tab is never handed to a caller who asks after it.
import { describe, expect, it, vi } from 'vitest';
import { freshStore } from '../../__tests__/fixtures';
import { createDbHandle, runWrite, sharedRead } from '../db';

describe('reads shared by the callers that ask at once', () => {
  it('answers a screen of cards with one read of the favourites, and each card rightly', async () => {
    const { data } = freshStore();
    await data.toggleFavourite(3);
    const transactions = vi.spyOn(IDBDatabase.prototype, 'transaction');
    try {
      const answers = await Promise.all([1, 2, 3, 4, 5, 6].map((id) => data.isFavourite(id)));
      expect(answers).toEqual([false, false, true, false, false, false]);
      expect(transactions).toHaveBeenCalledTimes(1);
    } finally {
      transactions.mockRestore();
    }
  });

  it('merges the catalogue once for the sections that list it at once', async () => {
    const { data } = freshStore();
    await data.listCreators({ pageSize: 1 }); // the database is open and made
    await data.search('x'); // the queries the server answered before are read once a session
    const transactions = vi.spyOn(IDBDatabase.prototype, 'transaction');
    try {
      const [listed, auctions, search] = await Promise.all([
        data.listItems({ page: 1, pageSize: 4 }),
        data.listAuctions(1, 4),
        data.search('a'),
      ]);
      expect(listed.items.length).toBeGreaterThan(0);
      expect(auctions.items.length).toBeGreaterThan(0);
      expect(search.length).toBeGreaterThan(0);
      const together = transactions.mock.calls.length;
      await data.listItems({ page: 1, pageSize: 4 });
      const items = transactions.mock.calls.length - together;
      await data.listCreators({ pageSize: 4 });
      const creators = transactions.mock.calls.length - together - items;
      // Three lists at once cost what one merge of the items and one of the creators cost.
      expect(together).toBe(items + creators);
    } finally {
      transactions.mockRestore();
    }
  });

  it('starts a new read for a caller who asks once a write has started', async () => {
    freshStore();
    const handle = createDbHandle();
    let reads = 0;
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const read = async () => {
      const n = (reads += 1);
      await gate;
      return n;
    };
    const first = sharedRead(handle, 'k', read);
    const second = sharedRead(handle, 'k', read);
    const write = runWrite(handle, () => Promise.resolve());
    const third = sharedRead(handle, 'k', read);
    open();
    await write;
    expect(await Promise.all([first, second, third])).toEqual([1, 1, 2]);
    // Once it has settled, the next caller reads afresh.
    expect(await sharedRead(handle, 'k', read)).toBe(3);
    handle.close();
  });

  it('shows a toggled favourite to the next card that asks', async () => {
    const { data } = freshStore();
    expect(await data.isFavourite(2)).toBe(false);
    await data.toggleFavourite(2);
    expect(await data.isFavourite(2)).toBe(true);
    await data.toggleFollow(2);
    expect(await data.isFollowing(2)).toBe(true);
    await data.toggleFollow(2);
    expect(await data.isFollowing(2)).toBe(false);
  });
});
