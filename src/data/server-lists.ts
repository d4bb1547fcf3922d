// Whether the app asks the server for its lists of items (device/item-lists.ts): the app in a
// browser says so at start (src/app/main.tsx) before the first read; tests and the prerender do
// not, and their device answers alone. A module of its own, so the app's first code can say it
// without loading the data layer.
let asked = false;
let deferred = false;

export function askServerForLists(): void {
  asked = true;
}

export function serverListsAsked(): boolean {
  return asked;
}

/** A list was answered by the device alone because the server was not asked yet (the app
 * adopting a prerendered copy answers as the copy does, then asks: src/app/main.tsx). */
export function noteListNotAsked(): void {
  deferred = true;
}

/** Whether a list was answered so since the last call; clears it. */
export function takeListsNotAsked(): boolean {
  const was = deferred;
  deferred = false;
  return was;
}

/** How long a list the server answered is answered again from memory, for the screens'
 * re-reads after sync (device/server-asks.ts askListOnce): at most one ask per list in that
 * time, however fast the market moves; a list shown is never older than that. */
export const SERVER_LIST_FRESH_MS = 5_000;

const staleListeners = new Set<() => void>();
let staleTimer: ReturnType<typeof setTimeout> | null = null;
let staleAt = Infinity;

/** A list was answered again from memory and goes stale in `ms`: the screens read again then
 * (once for every list that goes stale by the earliest such moment). */
export function noteListsStale(ms: number): void {
  const at = performance.now() + ms;
  if (staleTimer !== null) {
    if (staleAt <= at) return;
    clearTimeout(staleTimer);
  }
  staleAt = at;
  staleTimer = setTimeout(() => {
    staleTimer = null;
    staleAt = Infinity;
    for (const listener of [...staleListeners]) listener();
  }, ms);
}

/** Calls `listener` when a list answered again from memory went stale; returns the unsubscribe. */
export function onListsStale(listener: () => void): () => void {
  staleListeners.add(listener);
  return () => void staleListeners.delete(listener);
}
