// The sync feature's data: the engine's status (header) and the outbox (panel). The engine and
// the outbox reader load with import(), after the page works.
import {
  getSyncStatus,
  getSyncVersion,
  subscribeSyncStatus,
  type PushLimitNote,
  type SyncStatus,
} from '@/data/core/status';
import type { QueuedMutation } from '@/data/core/outbox';
import type { LostEdit } from '@shared/protocol';
import { retryWhenOnline } from '@/lib/lazy-part';
import { useTransitionStore } from '@/lib/use-transition-store';
import { pad2 } from '@/lib/time';

export type SyncChange = QueuedMutation;
export type { SyncStatus };

/** Sync's status; its changes render as transitions (lib/use-transition-store.ts). */
export function useSyncStatus(): SyncStatus {
  return useTransitionStore(subscribeSyncStatus, getSyncStatus);
}

/** The cards' re-reads after a sync go in rounds at most this often: a snapshot or a burst of
 * live changes moves the store many times a second, and each round is a read per card. */
export const DEVICE_CHANGES_ROUND_MS = 500;
const deviceListeners = new Set<() => void>();
let seenVersion = 0;
let lastRound = -Infinity;
let roundTimer: ReturnType<typeof setTimeout> | null = null;
let stopWatching: (() => void) | null = null;

function tellDeviceListeners(): void {
  roundTimer = null;
  lastRound = performance.now();
  for (const listener of [...deviceListeners]) listener();
}

function syncStatusMoved(): void {
  const version = getSyncVersion();
  if (version === seenVersion) return;
  seenVersion = version;
  // The first change after a quiet round is told at once, the next ones together after it.
  roundTimer ??= setTimeout(
    tellDeviceListeners,
    Math.max(0, lastRound + DEVICE_CHANGES_ROUND_MS - performance.now()),
  );
}

/** Calls `listener` after a sync changed the device store (the status's version moved), in
 * rounds (DEVICE_CHANGES_ROUND_MS), for the cards' own re-reads (components/cards/device-source.ts
 * DeviceChangesContext). */
export function subscribeDeviceChanges(listener: () => void): () => void {
  if (deviceListeners.size === 0) {
    seenVersion = getSyncVersion();
    stopWatching = subscribeSyncStatus(syncStatusMoved);
  }
  deviceListeners.add(listener);
  return () => {
    deviceListeners.delete(listener);
    if (deviceListeners.size > 0) return;
    stopWatching?.();
    stopWatching = null;
    if (roundTimer !== null) clearTimeout(roundTimer);
    roundTimer = null;
  };
}

/** Starts the sync engine (once); should its code not come, again once the browser is online. */
export async function startSync(): Promise<void> {
  (await retryWhenOnline(() => import('@/data/sync/client'))).startSync();
}

export async function listSyncChanges(): Promise<SyncChange[]> {
  return (await import('@/data/sync/client')).listSyncChanges();
}

export async function dismissChange(id: string): Promise<void> {
  await (await import('@/data/sync/client')).dismissChange(id);
}

export async function syncNow(): Promise<void> {
  (await import('@/data/sync/client')).syncNow();
}

/** The header's words for the status ("3 changes waiting to sync"). */
export function statusText(s: SyncStatus): string {
  if (s.waiting > 0) {
    return `${s.waiting} ${s.waiting === 1 ? 'change' : 'changes'} waiting to sync`;
  }
  if (s.refused > 0) return `${s.refused} ${s.refused === 1 ? 'change' : 'changes'} refused`;
  return 'All changes synced';
}

/** The panel's words while the server limits this account's pushes: its own, and when the
 * waiting changes go (local time, HH:MM). */
export function limitText(limit: PushLimitNote): string {
  const at = new Date(limit.retryAt);
  const time = `${pad2(at.getHours())}:${pad2(at.getMinutes())}`;
  const what = limit.uploads ? 'uploads' : 'changes';
  return `${limit.words} Artmint sends your waiting ${what} at ${time}; they stay on this device until then.`;
}

/** A field's name in words: its key, camelCase spelled out ("firstName": "First name"). */
function fieldName(field: string): string {
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const blank = (value: LostEdit['yours']) =>
  value === null || (typeof value === 'string' && !value.trim());

function shown(value: LostEdit['yours']): string {
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  return `\u201c${String(value)}\u201d`;
}

/** The panel's words for a field of a profile save another device saved first: what was kept
 * and what this device had ("Bio: another device saved “B” first; yours was “A”."). */
export function lostText({ field, yours, kept }: LostEdit): string {
  const theirs = blank(kept)
    ? 'cleared it'
    : typeof kept === 'boolean'
      ? `turned it ${shown(kept)}`
      : `saved ${shown(kept)}`;
  const mine = blank(yours) ? 'empty' : shown(yours);
  return `${fieldName(field)}: another device ${theirs} first; yours was ${mine}.`;
}
