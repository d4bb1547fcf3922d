import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import '@fontsource-variable/urbanist/wght.css';
import '@/styles/tokens.css';
import '@/styles/reset.css';
import '@/styles/global.css';
import { router } from './router';
import { listenForInstallPrompt } from '@/features/shell/install/install-store';

listenForInstallPrompt();

const found = document.getElementById('root');
if (!found) throw new Error('The #root element is missing from index.html');
const container: HTMLElement = found;

// A prerendered copy of this screen (scripts/prerender.mjs) stays on show, inert, until the
// router has the screen's module and data: the first render then replaces it with the same
// screen, never with a loading state. A copy of another screen (a fallback page) goes at once.
const prerendered = container.querySelector<HTMLElement>(':scope > [data-prerender]');
const useCopy =
  prerendered?.dataset.prerender === window.location.pathname && window.location.search === '';
if (prerendered && !useCopy) prerendered.remove();

// The first render is a transition: React renders it in slices of a few milliseconds, yielding
// between them, so a slow phone's main thread is never blocked for the whole tree (Lighthouse
// total blocking time, issues 2, 4, 5). Only the commit that puts it on screen is one task.
function start() {
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  });
}

if (useCopy && !router.state.initialized) {
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    start();
  });
} else {
  start();
}
