// The inbox (docs/product.md "Notifications"): the header's bell names and shows the unread
// count, rising once a notification lands and a sync tells the screens; the /notifications page
// lists them newest first with their words, when, a link to the item or the profile, marks one
// or all read, pages older ones, and says what to do when empty or signed out. The device store
// is the real one (fake IndexedDB); notifications land as the account channel lands them.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSyncStatus, setSyncStatus } from '@/data/core/status';
import { setDataAccessForTests } from '@/data/data-access';
import { freshStore } from '@/data/__tests__/fixtures';
import type { DeviceDataAccess } from '@/data/device-data-access';
import { createDbHandle } from '@/data/device/db';
import { accountOwner } from '@/data/owner';
import { useSessionStore } from '@/data/session-store';
import { applyAccountChanges } from '@/data/sync/account-apply';
import type { QueuedMutation } from '@/data/core/outbox';
import type { Notification } from '@shared/notifications';
import { NotificationBell } from '../components/notification-bell';
import { NotificationsPage } from '../components/notifications-page';

const ada = { id: 7, name: 'Ada', email: 'ada@example.com', avatar: null };
let data: DeviceDataAccess;
let seq = 0;
beforeEach(() => {
  seq = 0;
  data = freshStore().data;
  setDataAccessForTests(data);
  useSessionStore.getState().signIn(ada, false);
  // Nothing here has a server: a request finds none (the watched searches are the device's).
  vi.stubGlobal('fetch', async () => Response.error());
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.getState().signOut();
  setDataAccessForTests(null);
});

const HOUR = 3_600_000;
const note = (id: number, fields: Partial<Notification> = {}): Notification => ({
  id,
  kind: 'outbid',
  at: new Date(Date.now() - (10 - id) * HOUR - HOUR / 2).toISOString(),
  read: false,
  itemId: 3,
  image: null,
  actor: { id: 9, name: 'Bo' },
  facts: { title: 'Red Planet', priceEth: '2.5' },
  ...fields,
});

/** Lands notifications as the account channel does, then tells the screens as a sync does. */
async function arrive(...notes: Notification[]) {
  await applyAccountChanges(createDbHandle(), {
    owner: accountOwner(ada.id),
    changes: notes.map((n) => ({ seq: ++seq, topic: 'notification', key: String(n.id), data: n })),
    cursor: seq,
    at: new Date().toISOString(),
  });
  setSyncStatus({ version: getSyncStatus().version + 1 });
}

const inRouter = (ui: React.ReactNode) => render(<MemoryRouter>{ui}</MemoryRouter>);

describe('the bell', () => {
  it('names and shows the unread count, rising after a notification lands and a sync', async () => {
    inRouter(<NotificationBell />);
    const bell = await screen.findByRole('link', { name: 'Notifications' });
    expect(bell).toHaveAttribute('href', '/notifications');
    expect(bell).toHaveTextContent(/^$/);

    await arrive(note(1), note(2), note(3, { read: true }));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Notifications, 2 unread' })).toHaveTextContent('2'),
    );
    await arrive(note(4));
    expect(await screen.findByRole('link', { name: 'Notifications, 3 unread' })).toHaveTextContent(
      '3',
    );
  });

  it('shows 99+ over 99', async () => {
    await arrive(...Array.from({ length: 120 }, (_, i) => note(i + 1)));
    inRouter(<NotificationBell />);
    const bell = await screen.findByRole('link', { name: 'Notifications, 120 unread' });
    expect(bell).toHaveTextContent('99+');
  });

  it('is not there while nobody is signed in', async () => {
    useSessionStore.getState().signOut();
    inRouter(<NotificationBell />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: /Notifications/ })).not.toBeInTheDocument();
  });
});

describe('the notifications page', () => {
  it('lists them newest first, each with its words, when, and a link to what it is about', async () => {
    await arrive(
      note(1, { kind: 'follower', itemId: null, facts: {} }),
      note(2, { read: true, kind: 'sold', facts: { title: 'Blue Moon', priceEth: '1.2' } }),
      note(3),
    );
    inRouter(<NotificationsPage />);
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('heading').textContent)).toEqual([
      'You were outbid',
      'Your item sold',
      'You have a new follower',
    ]);
    const [outbid, sold, follower] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(outbid).toHaveTextContent('Bo bid 2.5 ETH on Red Planet.');
    expect(outbid).toHaveTextContent('Unread');
    expect(outbid).toHaveTextContent('7 hours ago');
    expect(within(outbid).getByRole('link', { name: 'You were outbid' })).toHaveAttribute(
      'href',
      '/item-detail/3',
    );
    expect(sold).not.toHaveTextContent('Unread');
    expect(within(sold).queryByRole('button', { name: 'Mark read' })).not.toBeInTheDocument();
    expect(within(follower).getByRole('link', { name: 'You have a new follower' })).toHaveAttribute(
      'href',
      '/creator-profile/9',
    );
  });

  it('marks one read, then all read, each queued for the server', async () => {
    const user = userEvent.setup();
    await arrive(note(1), note(2), note(3));
    inRouter(<NotificationsPage />);
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const newest = within(list).getAllByRole('listitem')[0] as HTMLElement;
    await user.click(within(newest).getByRole('button', { name: 'Mark read' }));
    await waitFor(() => expect(newest).not.toHaveTextContent('Unread'));
    expect(within(list).getAllByRole('button', { name: 'Mark read' })).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() =>
      expect(within(list).queryByRole('button', { name: 'Mark read' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
    expect(await data.unreadNotifications()).toBe(0);
    const db = await createDbHandle().get();
    const queued = (await db.getAll('mutations')) as QueuedMutation[];
    expect(queued.map((m) => [m.kind, m.args])).toEqual([
      ['notification-read', { id: 3 }],
      ['notifications-read', { upTo: 3 }],
    ]);
  });

  it('loads older ones a page at a time', async () => {
    const user = userEvent.setup();
    await arrive(...Array.from({ length: 25 }, (_, i) => note(i + 1)));
    inRouter(<NotificationsPage />);
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Load older' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(25));
    expect(screen.queryByRole('button', { name: 'Load older' })).not.toBeInTheDocument();
  });

  it('past what the device holds, asks the server for older ones and keeps them; offline it says so', async () => {
    const user = userEvent.setup();
    // The server's older page (ids 1 to 10), once offline, then answered.
    let online = false;
    const asked: number[] = [];
    const notifications = async (before: number) => {
      asked.push(before);
      if (!online) return { kind: 'offline' as const };
      const older = Array.from({ length: 10 }, (_, i) => note(10 - i)).filter((n) => n.id < before);
      return { kind: 'ok' as const, value: { notifications: older, next: null, unread: 10 } };
    };
    const missing = async () => ({ kind: 'offline' as const });
    data = freshStore(undefined, undefined, {
      history: { itemBids: missing, activity: missing, notifications },
    }).data;
    setDataAccessForTests(data);
    // The device holds the newest 50 (ids 11 to 60), as its first read of the account took.
    await arrive(...Array.from({ length: 50 }, (_, i) => note(i + 11)));
    inRouter(<NotificationsPage />);
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const loadOlder = () => user.click(screen.getByRole('button', { name: 'Load older' }));
    await loadOlder();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(40));
    await loadOlder();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(50));
    expect(asked).toEqual([]);

    await loadOlder();
    expect(await screen.findByRole('status', { name: 'Older notifications' })).toHaveTextContent(
      'Older notifications need a connection. Try again once you are online.',
    );
    expect(within(list).getAllByRole('listitem')).toHaveLength(50);
    expect(asked).toEqual([11]);

    online = true;
    await loadOlder();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(60));
    expect(asked).toEqual([11, 11]);
    expect(screen.getByRole('status', { name: 'Older notifications' })).toHaveTextContent(/^$/);
    // The server has none older: no button; the older ones are the device's now.
    expect(screen.queryByRole('button', { name: 'Load older' })).not.toBeInTheDocument();
    expect((await data.listNotifications(11, 20)).notifications.map((n) => n.id)).toEqual(
      Array.from({ length: 10 }, (_, i) => 10 - i),
    );
  });

  it('says when there are none', async () => {
    inRouter(<NotificationsPage />);
    expect(await screen.findByRole('heading', { name: 'No notifications yet' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument();
  });

  it('asks to sign in while nobody is, and shows no one else’s', async () => {
    await arrive(note(1));
    useSessionStore.getState().signOut();
    inRouter(<NotificationsPage />);
    expect(await screen.findByText('Sign in to see your notifications.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login?next=%2Fnotifications',
    );
    expect(screen.queryByRole('list', { name: 'Notifications' })).not.toBeInTheDocument();
  });
});
