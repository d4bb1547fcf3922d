// @vitest-environment node
// An answer overtaken by the log (docs/sync.md "Pull"): a list read before a live batch that
// changed or deleted one of its items lands after that batch. The batch skipped the item (the
// device did not hold it) or deleted it, and the cursor moved past; the list's older copy must
// not land then, or the item stays stale (or comes back) for good.
import { beforeEach, describe, expect, it } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { makeItem, sampleFixture } from '../../__tests__/fixtures';
import { createDeviceDataAccess, type DeviceDataAccess } from '../../device-data-access';
import { createDbHandle } from '../../device/db';
import type { ItemPageAsk } from '../../contract/item-page';
import type { ServerItemList } from '../../remote/catalog-api';
import { applyLiveBatch } from '../cycle';
import { applyServerWord } from '../apply';
import { finishSnapshot } from '../snapshot-end';
import { FIRST_SERVER_ITEM_ID, type Change } from '@shared/protocol';

const first = FIRST_SERVER_ITEM_ID;
const at = '2026-03-01T12:00:00.000Z';
const serverItem = (id: number, fields: { title: string; soldTo?: string }) => ({
  ...makeItem({ id, ...fields }),
  favourites: 0,
});
const itemChange = (seq: number, id: number, data: unknown): Change => ({
  seq,
  topic: 'item',
  key: String(id),
  data,
});

let data: DeviceDataAccess;
/** The list the server answers, and what happens while it is on its way. */
let listAnswer: ServerItemList;
let meanwhile: () => Promise<void>;
let pageAnswers: Awaited<ReturnType<ItemPageAsk>>[];
const db = () => createDbHandle();

beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory();
  meanwhile = async () => {};
  pageAnswers = [];
  data = createDeviceDataAccess({
    sample: sampleFixture(),
    lists: async () => {
      await meanwhile();
      return { kind: 'ok', value: listAnswer };
    },
    itemPage: async () => {
      await meanwhile();
      meanwhile = async () => {};
      return pageAnswers.shift() ?? { kind: 'failed' };
    },
  });
  // The device follows the log at 10 and holds a newer item, so an older one is not new.
  await applyServerWord(db(), {
    changes: [itemChange(10, first + 9, serverItem(first + 9, { title: 'Held' }))],
    cursor: 10,
    at,
  });
});

/** A live batch from the device's cursor 10 up to `cursor`. */
const live = (cursor: number, changes: Change[]) =>
  applyLiveBatch({ db: db(), now: () => new Date(at) }, { since: 10, cursor, changes });

const held = async (id: number) => (await db().get()).get('remoteItems', id);

describe('a list answer overtaken by the live stream', () => {
  it('does not land an older copy of an item the batch changed while the device did not hold it', async () => {
    listAnswer = {
      items: [serverItem(first + 5, { title: 'For sale' })],
      cursor: 10,
      total: 1,
      capped: false,
      page: 1,
    };
    // The item sells while the list is on its way: the batch skips it (not held, not new).
    meanwhile = async () => {
      expect(
        await live(12, [
          itemChange(12, first + 5, serverItem(first + 5, { title: 'For sale', soldTo: 'Bo' })),
        ]),
      ).toBe(true);
    };
    await data.listItems();
    // The list's copy read at 10 must not stand for the item: the log said more at 12, and its
    // cursor is past that entry, which is never delivered again.
    const kept = await held(first + 5);
    expect(kept === undefined || kept.soldTo === 'Bo').toBe(true);
    // A list read after the sale lands it, sold.
    listAnswer = {
      ...listAnswer,
      items: [serverItem(first + 5, { title: 'For sale', soldTo: 'Bo' })],
      cursor: 12,
    };
    meanwhile = async () => {};
    const page = await data.listItems();
    expect(page.items.find((item) => item.id === first + 5)).toMatchObject({ soldTo: 'Bo' });
  });

  it('does not bring back an item deleted while the list was on its way', async () => {
    await data.listItems(); // nothing yet
    await applyServerWord(db(), {
      changes: [itemChange(10, first + 6, serverItem(first + 6, { title: 'Gone soon' }))],
      readAt: 10,
      at,
    });
    expect(await held(first + 6)).toBeDefined();
    listAnswer = {
      items: [serverItem(first + 6, { title: 'Gone soon' })],
      cursor: 11,
      total: 1,
      capped: false,
      page: 1,
    };
    meanwhile = async () => {
      await live(13, [itemChange(13, first + 6, null)]);
    };
    const page = await data.listItems();
    expect(await held(first + 6)).toBeUndefined();
    expect(page.items.map((item) => item.id)).not.toContain(first + 6);
  });

  it('asks an opened item again when the log changed it while its page was on its way', async () => {
    const sold = serverItem(first + 5, { title: 'Opened', soldTo: 'Bo' });
    pageAnswers = [
      {
        kind: 'ok',
        records: [itemChange(10, first + 5, serverItem(first + 5, { title: 'Opened' }))],
      },
      { kind: 'ok', records: [itemChange(12, first + 5, sold)] },
    ];
    meanwhile = async () => {
      await live(12, [itemChange(12, first + 5, sold)]);
    };
    expect(await data.openItem(first + 5)).toMatchObject({ id: first + 5, soldTo: 'Bo' });
  });

  it('after a snapshot, lands from an older answer only what the device still holds', async () => {
    await finishSnapshot(db(), 20);
    listAnswer = {
      items: [serverItem(first + 4, { title: 'Before the snapshot' })],
      cursor: 15,
      total: 1,
      capped: false,
      page: 1,
    };
    await data.listItems();
    expect(await held(first + 4)).toBeUndefined();
    listAnswer = { ...listAnswer, cursor: 20 };
    await data.listItems();
    expect(await held(first + 4)).toMatchObject({ title: 'Before the snapshot', seq: 20 });
  });
});
