// @vitest-environment node
// The inbox on the device (docs/product.md "Notifications"): the account channel's
// `notification` topic lands in the account's own store (null: gone), the newest
// NOTIFICATIONS_KEPT are kept, a read this device has not pushed yet stays read, the whole
// account's read lands the newest page of GET /api/notifications, and the four methods read and
// mark what the device holds, queueing the read for every device. Another account never sees
// them.
import { beforeEach, describe, expect, it } from 'vitest';
import { freshStore, type TestStore } from '../../__tests__/fixtures';
import { createDbHandle, type DbHandle } from '../../device/db';
import { accountOwner, SIGNED_OUT, type Owner } from '../../owner';
import type { QueuedMutation } from '../../core/outbox';
import { applyAccountChanges, applyAccountWhole, type AccountWhole } from '../account-apply';
import type { AccountChange } from '@shared/account-channel';
import { NOTIFICATIONS_KEPT, type Notification } from '@shared/notifications';

const me = accountOwner(7);
const other = accountOwner(8);
const AT = '2026-03-01T12:00:00.000Z';
let store: TestStore;
let owner: Owner = me;
let db: DbHandle;
let seq = 0;
beforeEach(() => {
  owner = me;
  seq = 0;
  store = freshStore(undefined, () => owner);
  db = createDbHandle();
});

const note = (id: number, fields: Partial<Notification> = {}): Notification => ({
  id,
  kind: 'outbid',
  at: new Date(Date.parse(AT) - (1000 - id) * 60_000).toISOString(),
  read: false,
  itemId: 3,
  image: null,
  actor: { id: 9, name: 'Bo' },
  facts: { title: 'Red Planet', priceEth: '2.5' },
  ...fields,
});
const entry = (id: number, data: Notification | null): AccountChange => ({
  seq: ++seq,
  topic: 'notification',
  key: String(id),
  data,
});
const land = (changes: AccountChange[], who: Owner = me) =>
  applyAccountChanges(db, { owner: who, changes, cursor: seq, at: AT });
const ids = async (before?: number, limit?: number) =>
  (await store.data.listNotifications(before, limit)).notifications.map((n) => n.id);
const waiting = async () =>
  ((await (await db.get()).getAll('mutations')) as QueuedMutation[])
    .filter((m) => m.state === 'waiting')
    .map((m) => ({ kind: m.kind, args: m.args, owner: m.owner }));
const whole: AccountWhole = { favourites: [], follows: [], profile: {}, bids: [], purchases: [] };

describe("the account channel's notifications on the device", () => {
  it('lands each one, newest first, changes it and takes off what is gone', async () => {
    expect(await land([entry(1, note(1)), entry(2, note(2)), entry(3, note(3))])).toBe(3);
    expect(await ids()).toEqual([3, 2, 1]);
    expect(await store.data.unreadNotifications()).toBe(3);

    await land([entry(2, note(2, { read: true })), entry(1, null)]);
    expect(await ids()).toEqual([3, 2]);
    expect(await store.data.unreadNotifications()).toBe(1);
    const { notifications } = await store.data.listNotifications();
    expect(notifications[1]).toEqual(note(2, { read: true }));
  });

  it('skips a record that is not a notification, or one under another key', async () => {
    const bad = { ...note(4), kind: 'no-such-kind' } as unknown as Notification;
    expect(await land([entry(4, bad), entry(5, note(6))])).toBe(1);
    expect(await ids()).toEqual([]);
  });

  it(`keeps the newest ${NOTIFICATIONS_KEPT} of the account, and pages through them`, async () => {
    const all = Array.from({ length: NOTIFICATIONS_KEPT + 3 }, (_, i) => entry(i + 1, note(i + 1)));
    await land(all);
    await land([entry(1, note(1))], other);
    const held = await ids(undefined, 1000);
    expect(held).toHaveLength(NOTIFICATIONS_KEPT);
    expect(held[0]).toBe(NOTIFICATIONS_KEPT + 3);
    expect(held.at(-1)).toBe(4);
    // Pages: newest first, `next` is the last one shown.
    const first = await store.data.listNotifications(undefined, 2);
    expect(first.notifications.map((n) => n.id)).toEqual([503, 502]);
    expect(first.next).toBe(502);
    expect(await ids(502, 2)).toEqual([501, 500]);
    expect(await store.data.listNotifications(5, 10)).toEqual({
      notifications: [note(4)],
      next: null,
    });
    // The other account's one stayed, and only it sees it.
    owner = other;
    expect(await ids()).toEqual([1]);
  });

  it('marks one read at once, queues notification-read, and a later entry does not undo it', async () => {
    await land([entry(1, note(1)), entry(2, note(2))]);
    await store.data.markNotificationRead(1);
    expect(await store.data.unreadNotifications()).toBe(1);
    expect((await store.data.listNotifications()).notifications[1]?.read).toBe(true);
    expect(await waiting()).toEqual([{ kind: 'notification-read', args: { id: 1 }, owner: me }]);

    // The server's copy from before the read arrives: the device's read waits to be pushed.
    await land([entry(1, note(1, { facts: { title: 'Renamed' } })), entry(2, note(2))]);
    const [two, one] = (await store.data.listNotifications()).notifications;
    expect(one).toMatchObject({ id: 1, read: true, facts: { title: 'Renamed' } });
    expect(two?.read).toBe(false);

    // Marking one read twice queues nothing more.
    await store.data.markNotificationRead(1);
    expect(await waiting()).toHaveLength(1);
  });

  it('marks all read up to the newest held, and a waiting mark keeps them read', async () => {
    await land([entry(1, note(1)), entry(2, note(2, { read: true })), entry(5, note(5))]);
    await store.data.markAllNotificationsRead();
    expect(await store.data.unreadNotifications()).toBe(0);
    expect(await waiting()).toEqual([{ kind: 'notifications-read', args: { upTo: 5 }, owner: me }]);
    await land([entry(5, note(5)), entry(6, note(6))]);
    expect(await store.data.unreadNotifications()).toBe(1);
    expect((await store.data.listNotifications()).notifications[0]).toMatchObject({
      id: 6,
      read: false,
    });
    // Nothing unread: nothing more is queued.
    await store.data.markNotificationRead(6);
    await store.data.markAllNotificationsRead();
    expect((await waiting()).map((m) => m.kind)).toEqual([
      'notifications-read',
      'notification-read',
    ]);
  });

  it('lands the newest page with the whole account: what the server no longer has goes', async () => {
    await land([entry(1, note(1)), entry(2, note(2)), entry(3, note(3)), entry(9, note(9))]);
    await store.data.markNotificationRead(2);
    // The server's newest page reaches down to 2 and has more below: 1 stays, 3 is gone there.
    await applyAccountWhole(db, me, { ...whole, cursor: 40 }, AT, {
      notifications: [note(9, { read: true }), note(4), note(2)],
      next: '2',
      unread: 3,
    });
    expect(await ids()).toEqual([9, 4, 2, 1]);
    const held = (await store.data.listNotifications()).notifications;
    expect(held.map((n) => n.read)).toEqual([true, false, true, false]);

    // A complete page: every other one goes.
    await applyAccountWhole(db, me, { ...whole, cursor: 41 }, AT, {
      notifications: [note(4)],
      next: null,
      unread: 1,
    });
    expect(await ids()).toEqual([4]);
  });

  it('shows nobody signed in none, and marks nothing for them', async () => {
    await land([entry(1, note(1))]);
    owner = SIGNED_OUT;
    expect(await store.data.listNotifications()).toEqual({ notifications: [], next: null });
    expect(await store.data.unreadNotifications()).toBe(0);
    await store.data.markAllNotificationsRead();
    expect(await waiting()).toEqual([]);
    owner = me;
    expect(await store.data.unreadNotifications()).toBe(1);
  });

  it("takes the account's notifications off with the rest of its data", async () => {
    await land([entry(1, note(1))]);
    await land([entry(2, note(2))], other);
    await store.data.deleteAllUserData();
    expect(await ids()).toEqual([]);
    owner = other;
    expect(await ids()).toEqual([2]);
  });
});
