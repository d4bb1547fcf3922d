// Which navigations the service worker answers with the app shell, and the shell's file. Used by
// vite.config.ts (workbox `navigateFallback` and `navigateFallbackDenylist`), the server
// (server/http/static-site.ts) and tested on its own.
//
// A navigation to a real file (the manifest, an image, an icon, a script, a screenshot) must
// never get HTML back: it is answered from the precache or goes to the network. Everything
// else is an app URL; the router shows the 404 page for the unknown ones.

/**
 * The app shell: the built index.html before any screen is prerendered into it (vite.config.ts
 * writes it), answered for every app URL without a prerendered page of its own.
 */
export const APP_SHELL_FILE = 'app-shell.html';

/** File extensions that name a real file, never an app route. */
const FILE_EXTENSIONS = [
  'js',
  'mjs',
  'css',
  'map',
  'json',
  'webmanifest',
  'txt',
  'xml',
  'ico',
  'png',
  'jpe?g',
  'gif',
  'svg',
  'webp',
  'avif',
  'woff2?',
  'ttf',
  'mp4',
  'webm',
  'pdf',
];

/**
 * Workbox tests these against `pathname + search` of a navigation request; a match means
 * "do not answer with the app shell".
 */
export const NAVIGATE_FALLBACK_DENYLIST: RegExp[] = [
  /^\/(?:assets|images|icons|screenshots)\//,
  // The server's API (JSON, event streams, uploaded images) is never the app shell.
  /^\/api(?:\/|$)/,
  // The extension of the path, not of a query value (`/explore-one?q=cover.jpg` is a page).
  new RegExp(`^[^?]*\\.(?:${FILE_EXTENSIONS.join('|')})(?:\\?.*)?$`, 'i'),
];

/** True when a navigation to `pathAndSearch` may be answered with the app shell. */
export function servesAppShell(pathAndSearch: string): boolean {
  return !NAVIGATE_FALLBACK_DENYLIST.some((pattern) => pattern.test(pathAndSearch));
}
