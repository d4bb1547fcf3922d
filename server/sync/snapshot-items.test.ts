// The snapshot's page of items a device keeps outside it (docs/sync.md "Snapshot"): after a
// start-over, a device asks the current state of its favourites, bids and purchases, by id, a
// bounded page at a time; an item the server no longer has is not in the answer.
import { describe, expect, it } from 'vitest';
import type { SnapshotPage } from '../../shared/protocol.ts';
import { SNAPSHOT_IDS_MAX } from '../../shared/list-query.ts';
import { itemSnapshot } from '../core/snapshots.ts';
import { serverWithAccounts } from '../test/accounts.ts';
import { cursorNow, makeItem, mutation, pushOne } from '../test/sync-fixtures.ts';

const {
  server,
  clients: [ada, bob],
} = await serverWithAccounts('Ada', 'Bob');

describe('the page of items a device keeps', () => {
  it('answers the current state of each item asked, with its bids, and leaves out one the server no longer has', async () => {
    const kept = await makeItem(server, { saleKind: 'now' });
    const sold = await makeItem(server, { saleKind: 'now' });
    const gone = await makeItem(server, { saleKind: 'now' });
    expect(await pushOne(bob, mutation('checkout', { itemId: sold }))).toMatchObject({
      status: 'applied',
    });
    await server.db.query('DELETE FROM items WHERE id = $1', [gone]);
    const before = await cursorNow(server);
    const page: SnapshotPage = await (
      await ada.get(`/api/snapshot?page=items:${sold},${gone},${kept}`)
    ).json();
    expect(page.next).toBeNull();
    expect(page.cursor).toBeGreaterThanOrEqual(before);
    const items = page.records.filter((record) => record.topic === 'item');
    expect(items.map((record) => Number(record.key))).toEqual([kept, sold]);
    expect(items[1]?.data).toEqual(await itemSnapshot(server.db, sold));
    expect(items[1]?.data).toMatchObject({ soldTo: expect.any(String) });
    expect(page.records.every((record) => record.seq === page.cursor)).toBe(true);
  });

  it(`refuses more than ${SNAPSHOT_IDS_MAX} items, an id out of range or a list it cannot read`, async () => {
    const many = Array.from({ length: SNAPSHOT_IDS_MAX + 1 }, (_, n) => n + 1).join(',');
    for (const page of [`items:${many}`, 'items:0', 'items:2147483648', 'items:', 'items:1,,2']) {
      const response = await ada.get(`/api/snapshot?page=${page}`);
      expect(response.status, page).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(/page/);
    }
    const hundred = Array.from({ length: SNAPSHOT_IDS_MAX }, (_, n) => n + 1).join(',');
    expect((await ada.get(`/api/snapshot?page=items:${hundred}`)).status).toBe(200);
  });
});
