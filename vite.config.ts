import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import {
  APP_SHELL_FILE,
  NAVIGATE_FALLBACK_DENYLIST,
} from './src/features/pwa/navigate-fallback.ts';
import { themeBootScript } from './scripts/theme-boot-script.ts';
import { serviceWorkerSyncScript, SW_SYNC_SCRIPT } from './scripts/sw-sync-script.ts';

// The app shell (APP_SHELL_FILE): the built index.html as Vite writes it (no prerendered
// screen, about 2 KB). scripts/prerender.mjs then replaces index.html with the home page's copy and
// builds every page from this template; the service worker and the server answer with it any URL
// that has no prerendered page of its own, so no page ever arrives as another page's copy.
function appShell(): Plugin {
  return {
    name: 'artmint:app-shell',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'];
        if (!index || index.type !== 'asset') return; // the prerender's server build has none
        this.emitFile({ type: 'asset', fileName: APP_SHELL_FILE, source: index.source });
      },
    },
  };
}

// The app manifest's source is manifest.webmanifest at the top level (the design card): name,
// icons (maskable too), shortcuts, the install dialogs' screenshots (made by
// scripts/make-screenshots.mjs, never precached) and the dark theme's colours, so the splash
// screen and browser chrome match the app on launch (theme-boot.js and the appearance store
// switch the theme-color meta per theme afterwards). `related_applications` names Artmint itself,
// so a tab can ask whether the app is installed (getInstalledRelatedApps) and hide "Install app".
// src/app/__tests__/manifest.test.ts checks its URLs against the route table.
const manifest = JSON.parse(
  readFileSync(fileURLToPath(new URL('./manifest.webmanifest', import.meta.url)), 'utf8'),
) as Partial<ManifestOptions>;

// React Router 7's package exports always resolve to its development build, dev warnings and
// all (remix-run/react-router#12532, #14102, still open): production builds take the package's
// own dist/production files instead. Both entries share the same chunks, so there is one router.
const reactRouterProduction = (entry: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${entry}`, import.meta.url));

// Vite + React + the PWA plugin. The service worker is registered with
// `registerType: 'prompt'` (ARCHITECTURE.md convention 10): updates ask first
// (src/features/pwa/register.ts registers it; nothing is injected).
export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    themeBootScript(),
    serviceWorkerSyncScript(),
    appShell(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest,
      // The plugin precaches manifest.webmanifest itself; the glob below already has the icons.
      includeManifestIcons: false,
      // `npm run build` generates the service worker again once scripts/prerender.mjs has written
      // every page (scripts/service-worker.mjs, through this plugin's API), so the precache
      // lists the final files with Workbox's own revisions. The one `vite build` makes first is
      // complete for a build without prerendered pages.
      workbox: {
        // The app shell, every route chunk and stylesheet, the fonts, every sample image and
        // icon: after the first visit every screen opens with no network. No prerendered page:
        // they serve a first visit's paint, and offline the shell opens any URL from the
        // device's own files in a moment. Precached, 77 pages would double the install (about
        // 1.8 MB of HTML) and every release would download them all again, since each one names
        // the release's hashed scripts.
        globPatterns: ['**/*.{js,css,svg,png,webp,avif,jpg,woff2,ico,webm}', APP_SHELL_FILE],
        // Install-dialog screenshots are large and only the browser's install UI shows them.
        // The sync script is part of the service worker itself (importScripts below): the
        // browser keeps it with sw.js and checks it for changes on every update check.
        globIgnores: ['screenshots/**', SW_SYNC_SCRIPT],
        // Background Sync: the sync event pushes the device's waiting changes with the app's
        // own push code, bundled into this one script (scripts/sw-sync-script.ts).
        importScripts: [SW_SYNC_SCRIPT],
        // Every navigation (but to a real file, the denylist) is answered with the app shell.
        navigateFallback: `/${APP_SHELL_FILE}`,
        navigateFallbackDenylist: NAVIGATE_FALLBACK_DENYLIST,
        // Images other collectors uploaded (served by the server under /api/images/ with an
        // immutable id) are kept once seen, so their items show offline too; capped so that
        // browsing never fills the device. Nothing else under /api is cached: the sync engine
        // keeps the data in IndexedDB.
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin && url.pathname.startsWith('/api/images/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'artmint-uploaded-images',
              expiration: { maxEntries: 300, purgeOnQuotaError: true },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
        cleanupOutdatedCaches: true,
        // The first install takes over the open page at once (no reload needed to work
        // offline); an update still waits for the user's Reload (no skipWaiting).
        clientsClaim: true,
        skipWaiting: false,
        // Anything larger would silently miss the precache; the budget is 4 MB in all.
        maximumFileSizeToCacheInBytes: 1024 * 1024,
      },
    }),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
          ]
        : []),
    ],
  },
  build: {
    target: 'es2022',
    // Every browser that can install Artmint supports <link rel="modulepreload"> natively
    // (Chromium 66, Safari 17, Firefox 115): the polyfill would only add to the entry chunk.
    // A lazily loaded chunk's stylesheets still load before it renders, but its script imports
    // are not preloaded in parallel: that table of every route's files cost 1.6 KB gzip in the
    // entry chunk (issue 2 budget of 110 KB). Once the service worker has precached the build a
    // route's imports come from the cache anyway, and a prerendered page's own screen is
    // preloaded by theme-boot.js. The HTML page still preloads the entry's own imports.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css')),
    },
    // One stylesheet for the whole app (about 22 KB gzip), linked by every page. Split per chunk,
    // the prerendered home linked 20 render-blocking stylesheets (16.7 KB gzip): on Lighthouse's
    // slow mobile link their round trips held the largest paint at about 2.2 s; with one file it
    // is about 1.6 s, and a screen opened in the app never waits for its styles. The smaller
    // pages pay a few KB more for theirs (LCP within 0.1 s of before). Swiper's and PhotoSwipe's
    // styles come with it; their scripts still load only where used (issue 4).
    cssCodeSplit: false,
    sourcemap: false,
    reportCompressedSize: false,
    // dist/.vite/manifest.json: scripts/prerender.mjs links each prerendered screen's stylesheets.
    manifest: true,
  },
  preview: { port: 4173, strictPort: true },
}));
