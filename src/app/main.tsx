import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider, type DataRouter } from 'react-router-dom';
import '@/styles/fonts.css';
import '@/styles/tokens.css';
import '@/styles/reset.css';
import '@/styles/global.css';
import '@/styles/patterns.css';
import { routes } from './routes';
import { askServerForLists, takeListsNotAsked } from '@/data/server-lists';
import { sampleEpoch } from '@/data/sample-epoch';
import { releaseHydrationNow, setHydrationNow } from '@/lib/clock';
import { listenForInstallPrompt } from '@/features/shell/install/install-store';
import { preloadParts } from '@/lib/lazy-part';
import { nextTask } from '@/lib/next-task';
import { deviceIsFresh, prerenderedCopy } from './hydration';
// Before any data is read: the device store reads the signed-in account's records.
import '@/data/session-store';

// This URL's prerendered copy, if on show; whether the device holds data it lacks is asked now.
const copy = prerenderedCopy();
const fresh = copy && deviceIsFresh().catch(() => false);

/**
 * The server is asked for lists from now on (docs/database.md "Lists and search"); a screen whose
 * list the device answered alone meanwhile (as its prerendered copy shows it) loads again.
 */
function askServer(router: DataRouter) {
  askServerForLists();
  if (takeListsNotAsked()) void router.revalidate();
}

/** The app. Once it is live, the copy answers input (theme-boot.ts) and the clocks run. */
function App({ router }: { router: DataRouter }) {
  useEffect(() => {
    copy?.removeAttribute('data-prerender');
    releaseHydrationNow();
    askServer(router);
  }, [router]);
  // Sync starts as the app goes live (not before: the device's database is the app's to open
  // first, and a copy's hydration asks whether it exists), from a preloaded chunk; the server
  // was asked for this screen's data from the page's <head> already (docs/sync.md "At boot").
  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let stopped = false;
    // Once the first screen's data is read: a refresh before would cut its loaders short.
    void initialized(router)
      .then(() => import('@/data/sync/boot'))
      .then((boot) => {
        if (!stopped) unsubscribe = boot.refreshOnSync(() => router.revalidate());
        boot.startSyncAfterPaint();
      });
    return () => {
      stopped = true;
      unsubscribe?.();
    };
  }, [router]);
  return <RouterProvider router={router} />;
}

/** Resolves once the router has the screen's module and data. */
const initialized = (router: DataRouter) =>
  new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve(); // a route with nothing lazy to load
    const unsubscribe = router.subscribe((state) => {
      if (state.initialized) resolve(unsubscribe());
    });
  });

// The install listeners, then the router, each in a task of its own after the modules'
// evaluation; the render is a transition, which React works through in short slices.
async function start() {
  await nextTask();
  listenForInstallPrompt();
  await nextTask();
  // With a copy on show, the first screen reads what the copy shows (the device's answer), so
  // React can adopt it; the server is asked once the app is live (App).
  if (!copy) askServerForLists();
  const router = createBrowserRouter(routes);
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  // A copy gives way to its screen with its module and data, never to a loading state.
  if (copy) await initialized(router).then(preloadParts);
  if (copy && router.state.errors === null && (await fresh)) {
    // React adopts the copy's DOM, which shows the sample at its epoch and no user data: the
    // clocks read that moment and nothing suspends (the parts are loaded) until it is live.
    setHydrationNow(sampleEpoch());
    // A page whose clock or data moved on from the copy (a countdown past its date) differs:
    // React then renders it afresh, which is no error of the page's.
    const onRecoverableError = (error: unknown) =>
      console.warn('Artmint: the prerendered copy differed; React rendered it afresh.', error);
    startTransition(() => void hydrateRoot(copy, app, { onRecoverableError }));
  } else {
    const root = createRoot(document.getElementById('root') as HTMLElement);
    startTransition(() => root.render(app));
  }
}

void start();
