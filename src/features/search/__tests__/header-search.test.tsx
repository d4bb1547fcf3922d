// Global search (docs/product.md "Search box", "On every page": Search box labelled
// "Search..."): the header's combobox over the device's data, driven by the keyboard.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { setDataAccessForTests } from '@/data/data-access';
import { createDeviceDataAccess } from '@/data/device-data-access';
import type {
  ServerCreatorList,
  ServerCreatorQuery,
  ServerItemList,
  ServerListQuery,
} from '@/data/remote/catalog-api';
import type { ApiResult } from '@/data/contract/data-access';
import { setSyncStatus } from '@/data/core/status';
import { freshStore, makeCreator, makeItem, NOW, sampleFixture } from '@/data/__tests__/fixtures';
import { HeaderSearch } from '../components/header-search';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderSearch() {
  render(
    <MemoryRouter initialEntries={['/terms']}>
      <HeaderSearch />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  return screen.getByRole('combobox', { name: 'Search items, creators, collections and posts' });
}

const where = () => screen.getByTestId('where').textContent;

beforeEach(() => {
  setDataAccessForTests(freshStore().data);
});
afterEach(() => {
  setDataAccessForTests(null);
});

describe('Header search (docs/product.md "On every page", "Search box")', () => {
  it('suggests items, creators, collections and posts as you type', async () => {
    const user = userEvent.setup();
    const input = renderSearch();
    expect(input).toHaveAttribute('placeholder', 'Search...');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await user.type(input, 'red');
    const listbox = await screen.findByRole('listbox', { name: 'Search suggestions' });
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-controls', listbox.id);
    const options = within(listbox).getAllByRole('option');
    const text = options.map((o) => o.textContent ?? '');
    expect(text.some((t) => t.includes('Red Planet') && t.includes('Item'))).toBe(true);
    expect(text.some((t) => t.includes('Redmond Ray') && t.includes('Creator'))).toBe(true);
    expect(text.some((t) => t.includes('Scarlet Red Collection') && t.includes('Collection'))).toBe(
      true,
    );
    expect(text.some((t) => t.includes('Why reds sell') && t.includes('Blog post'))).toBe(true);
  });

  it('moves the highlight with the arrow keys and opens the highlighted hit on Enter', async () => {
    const user = userEvent.setup();
    const input = renderSearch();
    await user.type(input, 'neon');
    const listbox = await screen.findByRole('listbox');
    const [first] = within(listbox).getAllByRole('option');
    expect(first).toHaveTextContent('Neon Cat');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', first?.id);
    expect(first).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', first?.id);
    await user.keyboard('{Enter}');
    expect(where()).toBe('/item-detail/4');
    expect(input).toHaveValue('');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('closes on Escape keeping the text, then clears it on a second Escape', async () => {
    const user = userEvent.setup();
    const input = renderSearch();
    await user.type(input, 'bo');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    expect(input).toHaveValue('bo');
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{Escape}{Escape}');
    expect(input).toHaveValue('');
  });

  it('says "No results for ..." when nothing matches', async () => {
    const user = userEvent.setup();
    const input = renderSearch();
    await user.type(input, 'zzzq');
    expect(await screen.findByText('No results for “zzzq”')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('opens explore with the query on Enter when no hit is highlighted', async () => {
    const user = userEvent.setup();
    const input = renderSearch();
    await user.type(input, 'smoke red');
    await screen.findByRole('listbox');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(where()).toBe('/explore-one?q=smoke+red'));
  });

  it('opens a hit picked with the pointer', async () => {
    const user = userEvent.setup();
    const input = renderSearch();
    await user.type(input, 'ana');
    const option = await screen.findByRole('option', { name: /Ana Lopez/ });
    await user.click(option);
    expect(where()).toBe('/creator-profile/1');
  });
});

describe('Header search with a server (docs/database.md "Lists and search")', () => {
  let asked: ServerListQuery[] = [];
  let creatorsAsked: ServerCreatorQuery[] = [];
  let online = true;
  const zed = { ...makeCreator({ id: 100_300, name: 'Zed Far' }), followers: 2 };
  /** While set, the server's answers wait for it. */
  let held: Promise<void> | null = null;
  const horizon = { ...makeItem({ id: 100_001, title: 'Neon Horizon' }), favourites: 0 };

  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    asked = [];
    creatorsAsked = [];
    online = true;
    held = null;
    setDataAccessForTests(
      createDeviceDataAccess({
        sample: sampleFixture(),
        now: () => NOW,
        lists: async (query): Promise<ApiResult<ServerItemList>> => {
          asked.push(query);
          if (held) await held;
          if (!online) return { kind: 'offline' };
          const items = query.q ? [horizon] : [];
          return { kind: 'ok', value: { items, cursor: 2, total: 1, capped: false, page: 1 } };
        },
        creatorLists: async (query): Promise<ApiResult<ServerCreatorList>> => {
          creatorsAsked.push(query);
          if (!online) return { kind: 'offline' };
          const creators = query.q === 'zed' ? [zed] : [];
          return { kind: 'ok', value: { creators, cursor: 2, total: 1, capped: false, page: 1 } };
        },
      }),
    );
    setSyncStatus({ mode: 'online' });
  });

  const options = () =>
    within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent ?? '');

  it("shows this device's hits at once, then the server's, which forgive a typo", async () => {
    const user = userEvent.setup();
    const input = renderSearch();
    let answer = () => {};
    held = new Promise((resolve) => (answer = resolve));
    await user.type(input, 'neon');
    // The device's first (it holds Neon Cat), then the server's ranking once it answers.
    await waitFor(() => expect(options()[0]).toContain('Neon Cat'));
    answer();
    held = null;
    await waitFor(() => expect(options()[0]).toContain('Neon Horizon'));
    expect(asked.at(-1)).toEqual({ q: 'neon', pageSize: 8, page: 1 });
    await user.clear(input);
    await user.type(input, 'nenon horizn');
    await waitFor(() => expect(options()[0]).toContain('Neon Horizon'));
    await user.keyboard('{ArrowDown}{Enter}');
    expect(where()).toBe('/item-detail/100001');
  });

  it('finds a creator this device does not hold on the server, and keeps it for offline', async () => {
    const user = userEvent.setup();
    const input = renderSearch();
    await user.type(input, 'zed');
    await waitFor(() => expect(options()[0]).toContain('Zed Far'));
    expect(creatorsAsked.at(-1)).toEqual({ q: 'zed', pageSize: 8 });
    online = false;
    await user.clear(input);
    await user.type(input, 'zed');
    await waitFor(() => expect(creatorsAsked.at(-1)).toMatchObject({ q: 'zed' }));
    expect(options()[0]).toContain('Zed Far');
  });

  it('offline, a query made before shows its hits from this device', async () => {
    const user = userEvent.setup();
    const input = renderSearch();
    await user.type(input, 'nenon horizn');
    await waitFor(() => expect(options()[0]).toContain('Neon Horizon'));
    online = false;
    await user.clear(input);
    await user.type(input, 'nenon horizn');
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ q: 'nenon horizn' }));
    // Asked, and answered offline: the hits it held show once that answer is in.
    await waitFor(() => expect(options()[0]).toContain('Neon Horizon'));
    // A query never made: the device's own search over what it holds.
    await user.clear(input);
    await user.type(input, 'cafe');
    await waitFor(() => expect(options()[0]).toContain('Café Dreams'));
  });
});
