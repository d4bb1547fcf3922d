import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setSyncStatus } from '@/data/core/status';
import type { SyncChange } from '../api';
import { SyncStatus } from '../components/sync-status';

const changes: SyncChange[] = [
  {
    id: '0190a000-0000-7000-8000-000000000002',
    v: 1,
    at: '2026-03-01T12:00:00.000Z',
    kind: 'bid',
    args: { itemId: 1, priceEth: '4.5', quantity: 1 },
    key: 'item:1',
    label: 'Bid 4.5 ETH on Red Planet',
    state: 'refused',
    owner: 'account:7',
    code: 'outbid',
    error: 'You were outbid at 4.80 ETH while offline: bid again.',
  },
  {
    id: '0190a000-0000-7000-8000-000000000001',
    v: 1,
    at: '2026-03-01T11:59:00.000Z',
    kind: 'favourite',
    args: { itemId: 2, on: true },
    key: 'favourite:2',
    label: 'Favourite Café Dreams',
    state: 'waiting',
    owner: 'account:7',
  },
];

vi.mock('@/data/sync/client', () => ({
  startSync: vi.fn(),
  syncNow: vi.fn(),
  dismissChange: vi.fn(() => Promise.resolve()),
  listSyncChanges: vi.fn(() => Promise.resolve(changes)),
}));

beforeEach(() => {
  setSyncStatus({
    mode: 'starting',
    waiting: 0,
    refused: 0,
    pushing: false,
    needsSignIn: false,
    limit: null,
  });
});

describe('SyncStatus', () => {
  it('says nothing on a device with no server', () => {
    setSyncStatus({ mode: 'device-only' });
    render(<SyncStatus />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says how many changes wait, then that all are synced, in a polite live region', () => {
    setSyncStatus({ mode: 'offline', waiting: 3 });
    render(<SyncStatus />);
    const region = screen.getByRole('status');
    expect(region).toHaveTextContent('3 changes waiting to sync');
    expect(screen.getByRole('button', { name: /3 changes waiting to sync/ })).toBeVisible();
    act(() => setSyncStatus({ mode: 'online', waiting: 0 }));
    expect(region).toHaveTextContent('All changes synced');
  });

  it('opens the sync panel: each change waiting, synced or refused, with what to do', async () => {
    setSyncStatus({ mode: 'online', waiting: 1, refused: 1 });
    render(<SyncStatus />);
    await userEvent.click(screen.getByRole('button', { name: /1 change waiting to sync/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Sync' });
    const list = await within(dialog).findByRole('list', { name: 'Changes' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Bid 4.5 ETH on Red Planet');
    expect(rows[0]).toHaveTextContent('Refused');
    expect(rows[0]).toHaveTextContent('You were outbid at 4.80 ETH while offline: bid again.');
    expect(rows[1]).toHaveTextContent('Favourite Café Dreams');
    expect(rows[1]).toHaveTextContent('Waiting');
    expect(
      within(dialog).getByRole('button', { name: 'Dismiss: Bid 4.5 ETH on Red Planet' }),
    ).toBeInTheDocument();
  });

  it('shows the server’s words while it limits the uploads, and when they go; then no more', async () => {
    const words =
      'You listed 60 items in the last hour, the most an account may. ' +
      'Your next one is listed in about 20 minutes.';
    const retryAt = new Date(2026, 2, 1, 9, 5).getTime();
    setSyncStatus({ mode: 'online', waiting: 1, limit: { words, retryAt, uploads: true } });
    render(<SyncStatus />);
    await userEvent.click(screen.getByRole('button', { name: /1 change waiting to sync/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Sync' });
    expect(within(dialog).getByRole('note')).toHaveTextContent(
      `${words} Artmint sends your waiting uploads at 09:05; they stay on this device until then.`,
    );
    // Refused for the writes a minute: every change waits.
    act(() => setSyncStatus({ limit: { words: 'Too many changes.', retryAt, uploads: false } }));
    expect(within(dialog).getByRole('note')).toHaveTextContent(
      'Too many changes. Artmint sends your waiting changes at 09:05;',
    );
    act(() => setSyncStatus({ waiting: 0, limit: null }));
    expect(within(dialog).queryByRole('note')).toBeNull();
  });
});
