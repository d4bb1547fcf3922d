// The sync panel tells a profile save's fields another device saved first, with both values
// (docs/sync.md "Edits merge", docs/sync.md "What a collector sees").
import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setSyncStatus } from '@/data/core/status';
import { lostText, type SyncChange } from '../api';
import { SyncPanel } from '../components/sync-panel';

const changes: SyncChange[] = [
  {
    id: '0190a000-0000-7000-8000-000000000002',
    v: 1,
    at: '2026-03-01T12:00:00.000Z',
    kind: 'profile',
    args: { section: 'personal', fields: { bio: 'A', firstName: 'Ada' }, base: 2 },
    key: 'profile:personal',
    label: 'Profile: personal details',
    state: 'synced',
    owner: 'account:7',
    lost: [{ field: 'bio', yours: 'A', kept: 'B' }],
  },
  {
    id: '0190a000-0000-7000-8000-000000000001',
    v: 1,
    at: '2026-03-01T11:59:00.000Z',
    kind: 'profile',
    args: { section: 'social', fields: { twitter: 'ada' }, base: 0 },
    key: 'profile:social',
    label: 'Profile: social links',
    state: 'synced',
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
  setSyncStatus({ mode: 'online', waiting: 0, refused: 0, limit: null });
});

describe('the sync panel', () => {
  it('says on the synced change which fields another device saved first, with both values', async () => {
    render(<SyncPanel open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Sync' });
    const list = await within(dialog).findByRole('list', { name: 'Changes' });
    const [personal, social] = within(list).getAllByRole('listitem');
    const note = within(personal as HTMLElement).getByRole('note', {
      name: 'Kept from another device: Profile: personal details',
    });
    expect(note).toHaveTextContent('Bio: another device saved “B” first; yours was “A”.');
    expect(personal).toHaveTextContent('Synced');
    // Once, on that change alone.
    expect(within(dialog).getAllByRole('note')).toHaveLength(1);
    expect(within(social as HTMLElement).queryByRole('note')).toBeNull();
  });

  it('names the field in words and says a cleared field or a switch plainly', () => {
    expect(lostText({ field: 'firstName', yours: 'Ada', kept: '' })).toBe(
      'First name: another device cleared it first; yours was “Ada”.',
    );
    expect(lostText({ field: 'companyNews', yours: true, kept: false })).toBe(
      'Company news: another device turned it off first; yours was on.',
    );
    expect(lostText({ field: 'twitter', yours: null, kept: 'ada' })).toBe(
      'Twitter: another device saved “ada” first; yours was empty.',
    );
  });
});
