// The first open's asks (docs/sync.md "At boot"), run by /theme-boot.js in the page's <head>
// (src/app/theme-boot.ts), before the app's code has even loaded: the server's health and
// session, and what the opened screen needs (the snapshot's page of this screen on a fresh
// device, the log since the device's cursor otherwise), all in parallel. The answers wait in
// `window.artmintBootAsks` until the engine's same requests take them (boot.ts); nothing here
// reads the answers or the device store.
import { STORAGE_KEYS } from '@/config/storage-keys';
import { pullPath, snapshotPath } from '@shared/sync-paths';
import { snapshotFocus } from './focus';

declare global {
  interface Window {
    /** The first open's answers by path, until the engine takes them (boot.ts). */
    artmintBootAsks?: Map<string, Promise<Response>>;
  }
}

/** How a boot ask goes: a GET of JSON with the session's cookie, never from a cache. */
export const BOOT_ASK_INIT: RequestInit = {
  method: 'GET',
  credentials: 'same-origin',
  headers: { accept: 'application/json' },
  cache: 'no-store',
};

/** An answer asked at boot and not taken by then is dropped: the engine asks afresh. */
export const BOOT_ASKS_KEPT_MS = 10_000;

/** The cursor the engine last stored, as its copy in localStorage says (null: none, or not
 * readable). Never the device store: opening it here, before the app, would race the app's own
 * open, and its first open on a fresh profile is slow. A copy out of step costs one ask the
 * engine does not take, nothing else. */
export function readBootCursor(): number | null {
  try {
    const text = localStorage.getItem(STORAGE_KEYS.syncCursor) ?? '';
    return /^\d{1,16}$/.test(text) ? Number(text) : null;
  } catch {
    return null;
  }
}

/** Keeps the copy of the cursor in this page's localStorage; best effort. */
export function keepBootCursor(cursor: number): void {
  try {
    localStorage.setItem(STORAGE_KEYS.syncCursor, String(cursor));
  } catch {
    // Storage full or refused: the next open asks for the snapshot page, and the engine the log.
  }
}

/** Where the engine's cursor copies go: this page's storage, or, from a worker (which has no
 * localStorage), its page (engine-worker.ts). */
let cursorKeeper: (cursor: number) => void = keepBootCursor;

export function setBootCursorKeeper(keep: (cursor: number) => void): void {
  cursorKeeper = keep;
}

/** Keeps the copy of the cursor the engine stored (apply.ts, snapshot-end.ts); best effort. */
export function rememberBootCursor(cursor: number): void {
  cursorKeeper(cursor);
}

export interface BootAskOptions {
  pathname: string;
  fetcher?: typeof fetch;
  online?: boolean;
  readCursor?: () => number | null;
  /** Where the answers wait; the window's by default. */
  into?: Map<string, Promise<Response>>;
}

/** Asks the server for the first open, at once; never throws. */
export function askAtBoot(options: BootAskOptions): void {
  const online = options.online ?? navigator.onLine !== false;
  if (!online) return;
  const fetcher = options.fetcher ?? ((input, init) => fetch(input, init));
  const asks = options.into ?? (window.artmintBootAsks ??= new Map());
  const ask = (path: string) => {
    const answer = fetcher(path, BOOT_ASK_INIT);
    // An answer nobody reads fails quietly: the engine asks again and meets the failure itself.
    answer.catch(() => undefined);
    asks.set(path, answer);
  };
  ask('/api/health');
  ask('/api/auth/session');
  const cursor = (options.readCursor ?? readBootCursor)();
  ask(cursor === null ? snapshotPath(snapshotFocus(options.pathname)) : pullPath(cursor));
  setTimeout(() => asks.clear(), BOOT_ASKS_KEPT_MS);
}

/** `fetcher`, but a GET asked at boot is answered by its boot answer, once. */
export function bootedFetch(
  fetcher: typeof fetch,
  asks: () => Map<string, Promise<Response>> | undefined = () => window.artmintBootAsks,
): typeof fetch {
  return (input, init) => {
    const waiting = asks();
    const method = init?.method ?? 'GET';
    const path = typeof input === 'string' ? input : null;
    const answer = method === 'GET' && path !== null ? waiting?.get(path) : undefined;
    if (answer === undefined || path === null) return fetcher(input, init);
    waiting?.delete(path);
    return answer;
  };
}
