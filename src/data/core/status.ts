// What the sync engine tells the screens: whether a server is there, whether it is pushing,
// how many changes wait or were refused, and why pushes wait when the server limits them. A
// tiny observable; the screens follow it as a transition (lib/use-transition-store.ts).
export type SyncMode =
  /** Still finding out whether a server is there. */
  | 'starting'
  /** A plain static host with no API: the device is all there is. */
  | 'device-only'
  /** The server answered; pushing and pulling. */
  | 'online'
  /** No network, or the server is out of reach for now. */
  | 'offline';

/** The server refused a push for a rate (429): its words, and when the device pushes again. */
export interface PushLimitNote {
  words: string;
  /** Milliseconds since the epoch. */
  retryAt: number;
  /** Only the uploads wait (the other changes go); false: every change waits. */
  uploads: boolean;
}

export interface SyncStatus {
  mode: SyncMode;
  pushing: boolean;
  waiting: number;
  refused: number;
  /** Non-anonymous changes wait for a sign-in. */
  needsSignIn: boolean;
  /** Pushes wait for the server's rate limit (the changes stay queued); null: they do not. */
  limit: PushLimitNote | null;
  /** Bumped whenever the outbox or the device store changed through sync. */
  version: number;
}

let status: SyncStatus = {
  mode: 'starting',
  pushing: false,
  waiting: 0,
  refused: 0,
  needsSignIn: false,
  limit: null,
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

/** The status's version alone: it moves each time a sync changed the device store. */
export function getSyncVersion(): number {
  return status.version;
}

export function subscribeSyncStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
