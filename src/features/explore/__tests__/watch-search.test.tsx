// "Watch this search" (docs/product.md "Saved searches"): signed out it asks to sign in and
// comes back; signed in it watches explore's words and filters on the device at once, offline
// too (it says it is sent when online), and reads "Watching" with "Stop watching"; the push's
// answer keeps it, a refusal takes it back; past the cap it says so in the server's words; a
// search watched on another device (the account channel) reads so, its words in another case.
// The device store is the real one (fake IndexedDB); nothing is fetched.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { getSyncStatus, setSyncStatus } from '@/data/core/status';
import { setDataAccessForTests } from '@/data/data-access';
import { freshStore } from '@/data/__tests__/fixtures';
import { createDbHandle } from '@/data/device/db';
import { accountOwner } from '@/data/owner';
import { useSessionStore } from '@/data/session-store';
import { applyAccountChanges } from '@/data/sync/account-apply';
import { applyServerWord } from '@/data/sync/apply';
import { readQueue } from '@/data/sync/own-outbox';
import { watched } from '@shared/__tests__/watch-search';
import { SAVED_SEARCHES_MAX, WATCH_CAP_WORDS, watchKey, type WatchedSearch } from '@shared/watch';
import { OFFLINE_WORDS, WatchSearch } from '../components/watch-search';
import { EMPTY_FILTERS, type ExploreFilters } from '../filters';

const ada = { id: 7, name: 'Ada', email: 'ada@example.com', avatar: null };
const fetched = vi.fn(async () => Response.error());
beforeEach(() => {
  setDataAccessForTests(freshStore().data);
  fetched.mockClear();
  vi.stubGlobal('fetch', fetched);
});
afterEach(() => {
  useSessionStore.getState().signOut();
  setDataAccessForTests(null);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const neonAuctions: ExploreFilters = { ...EMPTY_FILTERS, q: 'Neon', sale: 'auctions' };

function renderWatch(filters: ExploreFilters) {
  render(
    <MemoryRouter initialEntries={['/explore-one?q=Neon&items=auctions']}>
      <WatchSearch filters={filters} />
      <Toaster />
    </MemoryRouter>,
  );
}

/** The button once the device's searches are read (it waits disabled till then). */
async function button(name: 'Watch this search' | 'Stop watching') {
  const found = await screen.findByRole('button', { name });
  await waitFor(() => expect(found).toBeEnabled());
  return found;
}

let seq = 0;
/** Lands searches as the account channel does (null: removed), then tells the screens. */
async function arrive(...searches: [WatchedSearch, boolean][]) {
  await applyAccountChanges(createDbHandle(), {
    owner: accountOwner(ada.id),
    changes: searches.map(([one, on]) => ({
      seq: ++seq,
      topic: 'saved-search',
      key: watchKey(one),
      data: on ? one : null,
    })),
    cursor: seq,
    at: new Date().toISOString(),
  });
  setSyncStatus({ version: getSyncStatus().version + 1 });
}

describe('Watch this search', () => {
  it('signed out, asks to sign in and come back to this search', () => {
    renderWatch(neonAuctions);
    const link = screen.getByRole('link', { name: 'Sign in to watch this search' });
    expect(link.getAttribute('href')).toContain(
      encodeURIComponent('/explore-one?q=Neon&items=auctions'),
    );
    expect(screen.queryByRole('button', { name: 'Watch this search' })).toBeNull();
  });

  it('shows nothing to watch without words or filters', () => {
    useSessionStore.getState().signIn(ada, false);
    renderWatch(EMPTY_FILTERS);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offline, watches at once and queues it; the push keeps it; stopping takes it off', async () => {
    useSessionStore.getState().signIn(ada, false);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const user = userEvent.setup();
    renderWatch({ ...neonAuctions, type: 'music' });
    expect(screen.getByText(OFFLINE_WORDS)).toBeInTheDocument();
    await user.click(await button('Watch this search'));
    await button('Stop watching');
    expect(screen.getByText('Watching')).toBeInTheDocument();
    const [queued] = await readQueue(createDbHandle());
    expect(queued).toMatchObject({
      kind: 'watch-search',
      state: 'waiting',
      args: { q: 'Neon', category: 'Music', market: null, sale: 'auctions', on: true },
    });
    expect(fetched).not.toHaveBeenCalled();

    // Online, the push's answer keeps it.
    await applyServerWord(createDbHandle(), {
      at: new Date().toISOString(),
      results: [{ id: queued?.id ?? '', status: 'applied' }],
    });
    setSyncStatus({ version: getSyncStatus().version + 1 });
    await button('Stop watching');

    await user.click(await button('Stop watching'));
    await button('Watch this search');
    expect(screen.queryByText('Watching')).toBeNull();
  });

  it('takes a watch back when the server refuses it', async () => {
    useSessionStore.getState().signIn(ada, false);
    const user = userEvent.setup();
    renderWatch(neonAuctions);
    await user.click(await button('Watch this search'));
    await button('Stop watching');
    const [queued] = await readQueue(createDbHandle());
    await applyServerWord(createDbHandle(), {
      at: new Date().toISOString(),
      results: [{ id: queued?.id ?? '', status: 'refused', code: 'invalid', error: 'No.' }],
    });
    setSyncStatus({ version: getSyncStatus().version + 1 });
    await button('Watch this search');
  });

  it('past the cap, watches nothing and says so in the server’s words', async () => {
    useSessionStore.getState().signIn(ada, false);
    const many = Array.from({ length: SAVED_SEARCHES_MAX }, (_, n) => watched({ q: `w${n}` }));
    await arrive(...many.map((one): [WatchedSearch, boolean] => [one, true]));
    const user = userEvent.setup();
    renderWatch(neonAuctions);
    await user.click(await button('Watch this search'));
    const errors = screen.getByRole('alert', { name: 'Errors' });
    expect(await within(errors).findByText(WATCH_CAP_WORDS)).toBeInTheDocument();
    expect(within(errors).getByText('Not watched')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Watch this search' })).toBeEnabled();
    expect(await readQueue(createDbHandle())).toEqual([]);
  });

  it('reads Watching for a search watched on another device, and not once it is removed', async () => {
    useSessionStore.getState().signIn(ada, false);
    renderWatch(neonAuctions);
    await button('Watch this search');
    const neon = watched({ q: 'NEON ', sale: 'auctions' });
    // Only the words, with another filter, is another search.
    await arrive([watched({ q: 'neon', sale: 'now' }), true]);
    await arrive([neon, true]);
    await button('Stop watching');
    await arrive([neon, false]);
    await button('Watch this search');
    await waitFor(() => expect(screen.queryByText('Watching')).toBeNull());
  });
});
