import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import '@fontsource-variable/urbanist/wght.css';
import '@/styles/tokens.css';
import '@/styles/reset.css';
import '@/styles/global.css';
import '@/styles/patterns.css';
import { routes } from './routes';
import { sampleEpoch } from '@/data/sample-epoch';
import { releaseHydrationNow, setHydrationNow } from '@/lib/clock';
import { listenForInstallPrompt } from '@/features/shell/install/install-store';
import { preloadParts } from '@/lib/lazy-part';
import { nextTask } from '@/lib/next-task';
import { prerenderedCopy } from './hydration';
// Before any data is read: the device store reads the signed-in account's records.
import '@/data/session-store';

type Router = ReturnType<typeof createBrowserRouter>;

const found = document.getElementById('root');
if (!found) throw new Error('The #root element is missing from index.html');
const container: HTMLElement = found;
// This URL's prerendered copy stays on show, still (theme-boot.ts stops input in it), until the
// app takes it over. Whether the device holds any of the user's records is asked meanwhile.
const copy = prerenderedCopy();
const fresh = copy
  ? import('./device-is-fresh').then(
      (m) => m.deviceIsFresh(),
      () => false,
    )
  : Promise.resolve(false);

/** Calls `onLive` once the tree is on screen and live (after the hydrating commit). */
function Live({ onLive, children }: { onLive?: () => void; children: ReactNode }) {
  useEffect(() => onLive?.(), [onLive]);
  return children;
}

const app = (router: Router, onLive?: () => void) => (
  <StrictMode>
    <Live onLive={onLive}>
      <RouterProvider router={router} />
    </Live>
  </StrictMode>
);

function initialized(router: Router): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

// Both ways below render in a transition: React works in slices of a few milliseconds, yielding
// between them, so a slow phone's main thread is never held for the whole tree.
async function start() {
  // The install listeners (a display-mode query), then the router (matching the URL, running
  // the screen's loader) each in a task of their own after the modules' evaluation, not one
  // long task. An async function, not a top-level await, which would split the entry in pieces.
  await nextTask();
  listenForInstallPrompt();
  await nextTask();
  const router = createBrowserRouter(routes);
  // A copy gives way to its screen with its module and data, never to a loading state.
  if (copy) await initialized(router);
  if (copy && router.state.errors === null && (await fresh)) {
    // React adopts the copy's DOM. Nothing may suspend meanwhile, or a part would be left as
    // markup without its handlers once the copy is live: the parts' code is loaded first (the
    // loaders hand the data of a copy on show resolved). Clocks read the sample's epoch, as the
    // copy did; the persisted stores render their defaults, as the copy did, then update.
    await preloadParts();
    container.dataset.boot = 'hydrate';
    setHydrationNow(sampleEpoch());
    const live = () => {
      copy.removeAttribute('data-prerender');
      releaseHydrationNow();
    };
    startTransition(() => {
      hydrateRoot(copy, app(router, live), {
        onRecoverableError(error) {
          container.dataset.boot = 'hydrate-mismatch';
          console.warn('Artmint: the prerendered copy differed; React rendered it afresh.', error);
        },
      });
    });
  } else {
    // No copy, or one the user's records would differ from: the screen renders (over it).
    container.dataset.boot = 'render';
    const root = createRoot(container);
    startTransition(() => root.render(app(router)));
  }
}

void start();
