// What the sync engine tells the screens: whether a server is there, whether it is pushing,
// and how many changes wait or were refused. A tiny observable for useSyncExternalStore.
export type SyncMode =
  /** Still finding out whether a server is there. */
  | 'starting'
  /** A plain static host with no API: the device is all there is. */
  | 'device-only'
  /** The server answered; pushing and pulling. */
  | 'online'
  /** No network, or the server is out of reach for now. */
  | 'offline';

export interface SyncStatus {
  mode: SyncMode;
  pushing: boolean;
  waiting: number;
  refused: number;
  /** Non-anonymous changes wait for a sign-in. */
  needsSignIn: boolean;
  /** Bumped whenever the outbox or the device store changed through sync. */
  version: number;
}

let status: SyncStatus = {
  mode: 'starting',
  pushing: false,
  waiting: 0,
  refused: 0,
  needsSignIn: false,
  version: 0,
};
const listeners = new Set<() => void>();

export function getSyncStatus(): SyncStatus {
  return status;
}

export function setSyncStatus(patch: Partial<SyncStatus>): void {
  const next = { ...status, ...patch };
  const same = (Object.keys(next) as (keyof SyncStatus)[]).every((k) => next[k] === status[k]);
  if (same) return;
  status = next;
  for (const listener of listeners) listener();
}

export function subscribeSyncStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
