// The snapshot's page of creators a device keeps outside it (docs/sync.md "Snapshot"): after a
// start-over, a device asks the current state of the creators its collector follows, by id, a
// bounded page at a time; a creator the server no longer has is not in the answer.
import { describe, expect, it } from 'vitest';
import type { SnapshotPage } from '../../shared/protocol.ts';
import { SNAPSHOT_IDS_MAX } from '../../shared/list-query.ts';
import { creatorSnapshot } from '../core/snapshots.ts';
import { serverWithAccounts } from '../test/accounts.ts';
import { cursorNow, mutation, pushOne } from '../test/sync-fixtures.ts';

const {
  server,
  clients: [ada, bob],
} = await serverWithAccounts('Ada', 'Bob');

describe('the page of creators a device keeps', () => {
  it('answers the current state of each creator asked, and leaves out one the server no longer has', async () => {
    const before = (await creatorSnapshot(server.db, 2))?.followers ?? 0;
    // Followed while the device was away: its count changed.
    expect(await pushOne(bob, mutation('follow', { creatorId: 2, on: true }))).toMatchObject({
      status: 'applied',
    });
    const gone = 99_999;
    await server.db.query(`INSERT INTO creators (id, data) VALUES ($1, '{}'::jsonb)`, [gone]);
    await server.db.query('DELETE FROM creators WHERE id = $1', [gone]);
    const cursor = await cursorNow(server);
    const page: SnapshotPage = await (
      await ada.get(`/api/snapshot?page=creators:${gone},2,1`)
    ).json();
    expect(page.next).toBeNull();
    expect(page.cursor).toBeGreaterThanOrEqual(cursor);
    expect(page.records.every((record) => record.topic === 'creator')).toBe(true);
    expect(page.records.map((record) => Number(record.key))).toEqual([1, 2]);
    expect(page.records[1]?.data).toEqual(await creatorSnapshot(server.db, 2));
    expect(page.records[1]?.data).toMatchObject({ followers: before + 1 });
    expect(page.records.every((record) => record.seq === page.cursor)).toBe(true);
  });

  it(`refuses more than ${SNAPSHOT_IDS_MAX} creators, an id out of range or a list it cannot read`, async () => {
    const many = Array.from({ length: SNAPSHOT_IDS_MAX + 1 }, (_, n) => n + 1).join(',');
    for (const page of [`creators:${many}`, 'creators:0', 'creators:2147483648', 'creators:']) {
      const response = await ada.get(`/api/snapshot?page=${page}`);
      expect(response.status, page).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(/page/);
    }
    const hundred = Array.from({ length: SNAPSHOT_IDS_MAX }, (_, n) => n + 1).join(',');
    const page: SnapshotPage = await (
      await ada.get(`/api/snapshot?page=creators:${hundred}`)
    ).json();
    expect(page.records.length).toBeGreaterThan(0);
    expect(page.records.length).toBeLessThanOrEqual(SNAPSHOT_IDS_MAX);
  });
});
