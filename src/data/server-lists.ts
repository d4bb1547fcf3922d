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
