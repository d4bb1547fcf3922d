import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import '@fontsource-variable/urbanist/wght.css';
import '@/styles/tokens.css';
import '@/styles/reset.css';
import '@/styles/global.css';
import { routes } from './routes';
import { sampleEpoch } from '@/data/sample-epoch';
import { releaseHydrationNow, setHydrationNow } from '@/lib/clock';
import { listenForInstallPrompt } from '@/features/shell/install/install-store';
import { preloadParts } from '@/lib/lazy-part';
// Before any data is read: the device store reads the signed-in account's records.
import '@/data/session-store';

type Router = ReturnType<typeof createBrowserRouter>;

const found = document.getElementById('root');
if (!found) throw new Error('The #root element is missing from index.html');
const container: HTMLElement = found;

// A prerendered copy of this screen (scripts/prerender.mjs) stays on show, still (theme-boot.js
// stops clicks and keys inside it), until the router has the screen's module and data. (The
// server and the service worker answer any other URL with the app shell, which has no copy.)
// Whether this device holds anything of the user's is asked meanwhile (one IndexedDB count): the
// copy shows the sample content only.
const prerendered = container.querySelector<HTMLElement>(':scope > [data-prerender]');
const useCopy =
  prerendered?.dataset.prerender === window.location.pathname && window.location.search === '';
// The checks and preparations for hydrating are a chunk of their own, fetched only for a copy.
const hydration = useCopy ? import('./hydration') : null;
const fresh = hydration?.then((h) => h.deviceIsFresh()).catch(() => false);

/** Calls `onLive` once the tree is on screen and live (after the hydrating commit). */
function Live({ onLive, children }: { onLive?: () => void; children: ReactNode }) {
  useEffect(() => onLive?.(), [onLive]);
  return children;
}

function app(router: Router, onLive?: () => void) {
  return (
    <StrictMode>
      <Live onLive={onLive}>
        <RouterProvider router={router} />
      </Live>
    </StrictMode>
  );
}

// On a device with none of the user's data, the app hydrates the copy: React adopts the DOM it
// already shows instead of building it again (issues 2, 4, 5 total blocking time). Clocks read
// the sample's epoch while it does, so countdowns and "minutes ago" match the copy's text; the
// persisted stores (theme, wallet, filters) render their defaults, as the copy did, and update
// straight after. Should anything still differ, React renders the screen afresh (recoverable).
function hydrate(router: Router, copy: HTMLElement) {
  container.dataset.boot = 'hydrate';
  setHydrationNow(sampleEpoch());
  // In a transition, like the render below: hydration too then yields every few milliseconds.
  startTransition(() => {
    hydrateRoot(
      copy,
      app(router, () => {
        copy.removeAttribute('data-prerender');
        releaseHydrationNow();
      }),
      {
        onRecoverableError(error) {
          container.dataset.boot = 'hydrate-mismatch';
          console.warn('Artmint: the prerendered copy differed; React rendered it afresh.', error);
        },
      },
    );
  });
}

// Otherwise the first render replaces the copy with the same screen, never a loading state. It
// is a transition: React renders it in slices of a few milliseconds, yielding between them, so
// a slow phone's main thread is never blocked for the whole tree. Only the commit is one task.
function render(router: Router) {
  container.dataset.boot = 'render';
  const root = createRoot(container);
  startTransition(() => {
    root.render(app(router));
  });
}

async function start(router: Router) {
  const copy = useCopy ? prerendered : null;
  const h = await hydration?.catch(() => null);
  if (copy && h && h.copyMatchesRoute(copy, router.state) && (await fresh)) {
    // Nothing may suspend while hydrating: a part left as server markup would be live (no
    // longer still) before React has attached its handlers. So the parts' code and the data
    // the loaders handed over unawaited are ready first.
    await Promise.all([preloadParts(), h.settleDeferred(router.state.loaderData)]);
    hydrate(router, copy);
  } else render(router);
}

/**
 * Runs `callback` in a task of its own, soon: a message to itself, as React's scheduler does
 * (faster than a 0 ms timer, which browsers may clamp, and running under a test's paused clock).
 */
function nextTask(callback: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    callback();
  };
  channel.port2.postMessage(null);
}

// Evaluating the app's modules and starting the router (matching the URL against every route,
// running the screen's loader) are two main-thread tasks rather than one: together they were a
// single task of 50 to 90 ms on this machine, unthrottled (issues 2, 4, 5 total blocking time).
// (Not a top-level await: the bundler would then split the entry into two dozen small chunks.)
// The install listeners, with their display-mode query, are a small task of their own first.
nextTask(listenForInstallPrompt);
nextTask(() => {
  const router = createBrowserRouter(routes);
  if (useCopy && !router.state.initialized) {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      void start(router);
    });
  } else {
    void start(router);
  }
});
