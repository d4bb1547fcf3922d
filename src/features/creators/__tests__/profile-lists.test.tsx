// A creator's Created and Owned lists (docs/product.md "Creators and profiles", docs/database.md
// "Lists and search"): asked of the server a page at a time, the next with "Show more", so a
// creator with thousands of items is never listed whole; offline, the items saved on this device,
// saying so.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { DeviceSourceContext } from '@/components/cards/device-source';
import { appDeviceSource } from '@/components/cards/__tests__/app-device-source';
import { setDataAccessForTests } from '@/data/data-access';
import { createDeviceDataAccess } from '@/data/device-data-access';
import type { ServerItemList, ServerListQuery } from '@/data/remote/catalog-api';
import type { ApiResult } from '@/data/contract/data-access';
import { setSyncStatus } from '@/data/core/status';
import { IDB_NAME } from '@/config/storage-keys';
import { SIGNED_OUT } from '@/data/owner';
import { makeItem, NOW, sampleFixture } from '@/data/__tests__/fixtures';
import { loadCreatorProfile, PROFILE_PAGE_SIZE } from '../api';
import { CreatorProfilePage } from '../components/creator-profile-page';

let asked: ServerListQuery[] = [];

function withServer(answer: (query: ServerListQuery) => ApiResult<ServerItemList>) {
  globalThis.indexedDB = new IDBFactory();
  asked = [];
  setDataAccessForTests(
    createDeviceDataAccess({
      sample: sampleFixture(),
      now: () => NOW,
      lists: async (query) => {
        asked.push(query);
        return answer(query);
      },
    }),
  );
  setSyncStatus({ mode: 'online' });
}
afterEach(() => setDataAccessForTests(null));

/** Renders the profile of creator `id`; undefined: your own. */
async function renderProfile(id: string | undefined) {
  const profile = await loadCreatorProfile(id);
  if (profile.kind !== 'creator') throw new Error('expected a creator');
  render(
    <MemoryRouter>
      <DeviceSourceContext value={appDeviceSource}>
        <CreatorProfilePage profile={profile} />
      </DeviceSourceContext>
    </MemoryRouter>,
  );
}

const panelCards = () =>
  within(screen.getByRole('tabpanel')).getAllByRole('listitem', { hidden: false });

describe("a creator's profile lists", () => {
  it('come from the server a page at a time, the next with Show more', async () => {
    const TOTAL = PROFILE_PAGE_SIZE + 6;
    const made = Array.from({ length: TOTAL }, (_, n) => ({
      ...makeItem({ id: 100_000 + TOTAL - n, title: `Work ${n + 1}`, creatorId: 2, ownerId: 2 }),
      favourites: 0,
    }));
    withServer((query) => {
      // The page after the first one's cursor is the second.
      const page = query.after === 'after-1' ? 2 : (query.page ?? 1);
      const items =
        query.creatorId === 2
          ? made.slice((page - 1) * PROFILE_PAGE_SIZE, page * PROFILE_PAGE_SIZE)
          : [];
      const total = query.creatorId === 2 ? TOTAL : 0;
      const next = page === 1 && total > PROFILE_PAGE_SIZE ? { next: 'after-1' } : {};
      return { kind: 'ok', value: { items, cursor: 9, total, capped: false, page, ...next } };
    });
    await renderProfile('2');
    expect(asked).toEqual([
      { creatorId: 2, page: 1, pageSize: PROFILE_PAGE_SIZE },
      { ownerId: 2, page: 1, pageSize: PROFILE_PAGE_SIZE },
    ]);
    expect(screen.getByRole('tab', { name: `Created ${TOTAL}` })).toBeVisible();
    expect(panelCards()).toHaveLength(PROFILE_PAGE_SIZE);
    expect(screen.getByText(`Showing ${PROFILE_PAGE_SIZE} of ${TOTAL}`)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(panelCards()).toHaveLength(TOTAL));
    // By the server's cursor (keyset): any depth, past the 50 pages it numbers.
    expect(asked.at(-1)).toEqual({
      creatorId: 2,
      page: 2,
      pageSize: PROFILE_PAGE_SIZE,
      after: 'after-1',
    });
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(within(screen.getByRole('tabpanel')).getByText('Work 30')).toBeVisible();
    expect(screen.queryByText(/saved on this device/)).toBeNull();
  });

  it('show what the screen read again: an upload from another device joins the open list', async () => {
    const made = [
      { ...makeItem({ id: 100_001, title: 'First Light', creatorId: 2 }), favourites: 0 },
    ];
    withServer((query) => {
      const items = query.creatorId === 2 ? made : [];
      return {
        kind: 'ok',
        value: { items, cursor: 9, total: items.length, capped: false, page: 1 },
      };
    });
    const profile = async () => {
      const read = await loadCreatorProfile('2');
      if (read.kind !== 'creator') throw new Error('expected a creator');
      return (
        <MemoryRouter>
          <DeviceSourceContext value={appDeviceSource}>
            <CreatorProfilePage profile={read} />
          </DeviceSourceContext>
        </MemoryRouter>
      );
    };
    const { rerender } = render(await profile());
    expect(panelCards()).toHaveLength(1);

    // A sync landed the upload and the route read the screen again (router.revalidate).
    made.unshift({
      ...makeItem({ id: 100_002, title: 'Violet Tide', creatorId: 2 }),
      favourites: 0,
    });
    rerender(await profile());
    expect(screen.getByRole('tab', { name: 'Created 2' })).toBeVisible();
    expect(panelCards()).toHaveLength(2);
    const panel = within(screen.getByRole('tabpanel'));
    expect(panel.getByRole('link', { name: 'Violet Tide' })).toBeVisible();
    expect(panel.getByRole('link', { name: 'First Light' })).toBeVisible();
  });

  it('offline, are the items saved on this device, saying so', async () => {
    withServer(() => ({ kind: 'offline' }));
    await renderProfile('2');
    expect(screen.getByRole('tab', { name: 'Created 2' })).toBeVisible();
    expect(panelCards()).toHaveLength(2);
    expect(screen.getByText('Showing 5 items saved on this device.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });
});

describe('your favourites', () => {
  it('name each favourite whose item this device does not hold yet (made on another device)', async () => {
    withServer(() => ({ kind: 'offline' }));
    const data = createDeviceDataAccess({ sample: sampleFixture(), now: () => NOW });
    await data.toggleFavourite(1);
    // What GET /api/me brought from another device: an item this device never held.
    const db = await openDB(IDB_NAME);
    await db.put('favourites', { itemId: 100_042, at: NOW.toISOString(), owner: SIGNED_OUT });
    db.close();
    data.close();
    await renderProfile(undefined);
    await userEvent.click(screen.getByRole('tab', { name: 'Favourites 2' }));
    const panel = screen.getByRole('tabpanel');
    expect(
      within(panel).getByText(
        '1 favourite is not saved on this device yet. It loads when you are online.',
      ),
    ).toBeVisible();
    const notSaved = within(panel).getByRole('list', {
      name: 'Favourites not saved on this device',
    });
    expect(within(notSaved).getByRole('link', { name: 'Item #100042' })).toHaveAttribute(
      'href',
      '/item-detail/100042',
    );
    expect(within(panel).getByText('Abstract Smoke Red')).toBeVisible();
    expect(within(panel).queryByText('No favourites yet')).toBeNull();
  });
});
