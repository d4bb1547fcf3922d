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

// This URL's prerendered copy, if on show; whether the device holds user records is asked now.
const copy = prerenderedCopy();
const fresh = copy
  ? import('./device-is-fresh').then((m) => m.deviceIsFresh()).catch(() => false)
  : null;

/** Calls `onLive` once the tree is live. A wrapper, not a sibling, which would change the
 * tree's useId values from the copy's. */
function Live({ onLive, children }: { onLive: () => void; children: ReactNode }) {
  useEffect(onLive, [onLive]);
  return children;
}
const app = (router: Router, onLive = () => {}) => (
  <StrictMode>
    <Live onLive={onLive}>
      <RouterProvider router={router} />
    </Live>
  </StrictMode>
);

/** Resolves once the router has the screen's module and data. */
const initialized = (router: Router) =>
  new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });

// The install listeners, then the router, each in a task of its own after the modules'
// evaluation; the render is a transition, which React works through in short slices.
async function start() {
  await nextTask();
  listenForInstallPrompt();
  await nextTask();
  const router = createBrowserRouter(routes);
  // A copy gives way to its screen with its module and data, never to a loading state.
  if (copy) await initialized(router).then(preloadParts);
  if (copy && router.state.errors === null && (await fresh)) {
    // React adopts the copy's DOM, which shows the sample at its epoch and no user data: the
    // clocks read that moment and nothing suspends (the parts are loaded) until it is live.
    setHydrationNow(sampleEpoch());
    const live = () => {
      copy.removeAttribute('data-prerender');
      releaseHydrationNow();
    };
    // A page whose clock or data moved on from the copy (a countdown past its date) differs:
    // React then renders it afresh, which is no error of the page's.
    const onRecoverableError = (error: unknown) =>
      console.warn('Artmint: the prerendered copy differed; React rendered it afresh.', error);
    startTransition(() => void hydrateRoot(copy, app(router, live), { onRecoverableError }));
  } else {
    const root = createRoot(document.getElementById('root') as HTMLElement);
    startTransition(() => root.render(app(router)));
  }
}

void start();
