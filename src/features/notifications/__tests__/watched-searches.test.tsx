// The watched searches on the notifications page (docs/product.md "Saved searches"): each in
// words with a button that stops watching it, which the server is asked to remove; none yet
// says how to watch one; offline says they need a connection. The server is a fake fetch.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SavedSearch } from '@shared/saved-search';
import { WatchedSearches } from '../components/watched-searches';

let saved: SavedSearch[] = [];
const deleted: string[] = [];

beforeEach(() => {
  saved = [
    { id: 2, q: 'neon', category: null, market: 'music', sale: 'auctions' },
    { id: 1, q: '', category: 'Games', market: null, sale: null },
  ];
  deleted.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      if (init.method === 'DELETE') {
        deleted.push(path);
        saved = saved.filter((one) => path !== `/api/saved-searches/${one.id}`);
        return new Response(null, { status: 204 });
      }
      return new Response(JSON.stringify({ searches: saved }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Watched searches', () => {
  it('lists each in words and stops watching one', async () => {
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
    expect(deleted).toEqual(['/api/saved-searches/2']);
  });

  it('says how to watch one when there is none', async () => {
    saved = [];
    render(<WatchedSearches />);
    expect(await screen.findByText(/press Watch this search/)).toBeInTheDocument();
  });

  it('offline, says they show when online', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<WatchedSearches />);
    expect(
      await screen.findByText('Your watched searches show when you are online.'),
    ).toBeInTheDocument();
  });
});
