// The watched searches on the notifications page (docs/product.md "Saved searches"): each in
// words, newest first, as the device holds them (brought by the account channel, or watched on
// this device), with a button that stops watching it, offline too, queued for the server; none
// yet says how to watch one. The device store is the real one (fake IndexedDB); nothing is
// fetched.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setDataAccessForTests } from '@/data/data-access';
import { freshStore } from '@/data/__tests__/fixtures';
import type { DeviceDataAccess } from '@/data/device-data-access';
import { createDbHandle } from '@/data/device/db';
import { accountOwner } from '@/data/owner';
import { useSessionStore } from '@/data/session-store';
import { applyAccountChanges } from '@/data/sync/account-apply';
import { readQueue } from '@/data/sync/own-outbox';
import { watchKey, type WatchedSearch } from '@shared/watch';
import { WatchedSearches } from '../components/watched-searches';

const ada = { id: 7, name: 'Ada', email: 'ada@example.com', avatar: null };
const fetched = vi.fn(async () => Response.error());
let data: DeviceDataAccess;
beforeEach(() => {
  data = freshStore().data;
  setDataAccessForTests(data);
  useSessionStore.getState().signIn(ada, false);
  fetched.mockClear();
  vi.stubGlobal('fetch', fetched);
});
afterEach(() => {
  useSessionStore.getState().signOut();
  setDataAccessForTests(null);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const neon: WatchedSearch = { q: 'neon', category: null, market: 'music', sale: 'auctions' };
const games: WatchedSearch = { q: '', category: 'Games', market: null, sale: null };

describe('Watched searches', () => {
  it('lists each in words, newest first, and stops watching one', async () => {
    await applyAccountChanges(createDbHandle(), {
      owner: accountOwner(ada.id),
      changes: [games, neon].map((one, i) => ({
        seq: i + 1,
        topic: 'saved-search',
        key: watchKey(one),
        data: one,
      })),
      cursor: 2,
      at: new Date().toISOString(),
    });
    const user = userEvent.setup();
    render(<WatchedSearches />);
    const list = await screen.findByRole('list', { name: 'Watched searches' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual(['“neon”, Music, Auctions', 'Games']);
    await user.click(screen.getByRole('button', { name: 'Stop watching “neon”, Music, Auctions' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect((await readQueue(createDbHandle())).map((m) => m.args)).toEqual([
      { ...neon, on: false },
    ]);
    expect(fetched).not.toHaveBeenCalled();
  });

  it('says how to watch one when there is none', async () => {
    render(<WatchedSearches />);
    expect(await screen.findByText(/press Watch this search/)).toBeInTheDocument();
  });

  it('offline, lists a search watched on this device and stops it', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await data.setSearchWatched(games, true);
    const user = userEvent.setup();
    render(<WatchedSearches />);
    await user.click(await screen.findByRole('button', { name: 'Stop watching Games' }));
    expect(await screen.findByText(/press Watch this search/)).toBeInTheDocument();
    expect((await readQueue(createDbHandle())).map((m) => [m.kind, m.args])).toEqual([
      ['watch-search', { ...games, on: true }],
      ['watch-search', { ...games, on: false }],
    ]);
  });
});
