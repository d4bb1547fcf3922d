// What the leading tab and its engine worker (engine-worker.ts) say to each other directly; the
// other tabs speak to the engine over the BroadcastChannel (engine-host.ts). The tab hands the
// worker what only a page has: who is signed in in the app, where the collector is, the browser's
// signs (online, offline, focus, the service worker's background push) and the answers its
// <head> asked for at boot. The worker hands back what only a page can do: keep the cursor's
// copy in localStorage and ask the service worker for a Background Sync.
import type { Owner } from '../owner';

/** A boot answer, as a page reads it for a worker (null: it failed, the worker asks itself). */
export interface BootAnswer {
  status: number;
  headers: [string, string][];
  body: string;
}

export type TabToWorker =
  | { type: 'start'; owner: Owner; path: string; online: boolean; asked: string[] }
  | { type: 'answer'; path: string; answer: BootAnswer | null }
  | { type: 'owner'; owner: Owner; path: string }
  | { type: 'signal'; name: 'online' | 'offline' | 'focus' | 'pushed' };

export type WorkerToTab = { type: 'cursor'; cursor: number } | { type: 'background-sync' };
