// "Watch this search" (docs/product.md "Saved searches"): signed out it asks to sign in and
// comes back; signed in it saves explore's words and filters, then reads "Watching" with "Stop
// watching", which removes it; a search watched before (other case and spaces) reads so at once;
// offline it says that watching needs a connection and sends nothing. The server is a fake
// fetch that keeps the saved searches as the API answers them.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/data/session-store';
import type { SavedSearch } from '@shared/saved-search';
import { OFFLINE_WORDS, WatchSearch } from '../components/watch-search';
import { EMPTY_FILTERS, type ExploreFilters } from '../filters';

const ada = { id: 7, name: 'Ada', email: 'ada@example.com', avatar: null };
let saved: SavedSearch[] = [];
let requests: { method: string; path: string; body: unknown }[] = [];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  saved = [];
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      const body = init.body ? (JSON.parse(String(init.body)) as Record<string, string>) : null;
      requests.push({ method, path, body });
      if (method === 'GET') return json({ searches: saved });
      if (method === 'POST' && body) {
        const one = {
          id: saved.length + 1,
          q: body.q ?? '',
          category: body.category || null,
          market: body.market || null,
          sale: body.sale || null,
        } as SavedSearch;
        saved = [one, ...saved];
        return json(one, 201);
      }
      saved = saved.filter((one) => `/api/saved-searches/${one.id}` !== path);
      return new Response(null, { status: 204 });
    }),
  );
});
afterEach(() => {
  useSessionStore.getState().signOut();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const neonAuctions: ExploreFilters = { ...EMPTY_FILTERS, q: 'Neon', sale: 'auctions' };

function renderWatch(filters: ExploreFilters) {
  render(
    <MemoryRouter initialEntries={['/explore-one?q=Neon&items=auctions']}>
      <WatchSearch filters={filters} />
    </MemoryRouter>,
  );
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

  it('saves the words and filters, then reads Watching and stops watching', async () => {
    useSessionStore.getState().signIn(ada, false);
    const user = userEvent.setup();
    renderWatch({ ...neonAuctions, type: 'music' });
    await user.click(await screen.findByRole('button', { name: 'Watch this search' }));
    expect(requests.find((r) => r.method === 'POST')).toMatchObject({
      path: '/api/saved-searches',
      body: { q: 'Neon', category: 'Music', market: '', sale: 'auctions' },
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Watching');
    await user.click(screen.getByRole('button', { name: 'Stop watching' }));
    await screen.findByRole('button', { name: 'Watch this search' });
    expect(requests.at(-1)).toMatchObject({ method: 'DELETE', path: '/api/saved-searches/1' });
    expect(saved).toEqual([]);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('reads Watching at once for a search watched before, its words in another case', async () => {
    saved = [{ id: 4, q: 'NEON ', category: null, market: null, sale: 'auctions' }];
    useSessionStore.getState().signIn(ada, false);
    renderWatch(neonAuctions);
    expect(await screen.findByRole('button', { name: 'Stop watching' })).toBeEnabled();
  });

  it('reads Watch this search when only the words are watched, with another filter', async () => {
    saved = [{ id: 4, q: 'neon', category: null, market: null, sale: 'now' }];
    useSessionStore.getState().signIn(ada, false);
    renderWatch(neonAuctions);
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Watch this search' })).toBeEnabled();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('offline, says watching needs a connection and sends nothing', async () => {
    useSessionStore.getState().signIn(ada, false);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const user = userEvent.setup();
    renderWatch(neonAuctions);
    expect(screen.getByText(OFFLINE_WORDS)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Watch this search' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Watch this search' })).toBeEnabled(),
    );
    expect(requests).toEqual([]);
  });
});
