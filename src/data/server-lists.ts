// Whether the app asks the server for its lists of items (device/item-lists.ts): the app in a
// browser says so at start (src/app/main.tsx) before the first read; tests and the prerender do
// not, and their device answers alone. A module of its own, so the app's first code can say it
// without loading the data layer.
let asked = false;

export function askServerForLists(): void {
  asked = true;
}

export function serverListsAsked(): boolean {
  return asked;
}
