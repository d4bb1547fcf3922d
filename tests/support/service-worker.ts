import type { BrowserContext, ConsoleMessage, Page } from '@playwright/test';

// Helpers for the PWA specs (pwa, offline, update): waiting for the service worker, cutting
// its life short, and what a page logged or failed to load.

/**
 * Waits until the service worker is active (its install, which fills the precache, is done)
 * and controls the page.
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => 'serviceWorker' in navigator);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) => {
      navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
    });
  });
}

/** Stops every running service worker: the next request starts it cold, from disk. */
export async function stopServiceWorkers(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
  } finally {
    await cdp.detach();
  }
}

/**
 * The sync engine looks for the server on every start (GET /api/health, docs/product.md "Online"):
 * with the server stopped, the browser itself logs that refused request. That is the app doing its
 * job offline, not an error of the page; any other failed load still counts.
 */
function isRefusedApiCall(message: ConsoleMessage): boolean {
  const { url } = message.location();
  return (
    message.text().includes('net::ERR_CONNECTION_REFUSED') &&
    url !== '' &&
    new URL(url).pathname.startsWith('/api/')
  );
}

/** Console errors (but a refused call to the API), uncaught errors, of every page of a context. */
export function watchErrors(context: BrowserContext): { messages: string[]; stop: () => void } {
  const messages: string[] = [];
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() !== 'error' || isRefusedApiCall(message)) return;
    messages.push(`console.error: ${message.text()}`);
  };
  const onWebError = (webError: { error: () => Error }) => {
    messages.push(`pageerror: ${webError.error().message}`);
  };
  context.on('console', onConsole);
  context.on('weberror', onWebError);
  return {
    messages,
    stop() {
      context.off('console', onConsole);
      context.off('weberror', onWebError);
    },
  };
}

/**
 * Loads every <img> on the page (lazy ones too) and returns those that did not load: not
 * complete, or no pixels (naturalWidth 0), as a broken or missing file gives.
 */
export async function brokenImages(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const images = Array.from(document.images);
    for (const image of images) image.loading = 'eager';
    await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
    return images
      .filter((image) => !(image.complete && image.naturalWidth > 0))
      .map((image) => image.currentSrc || image.src || image.outerHTML.slice(0, 120));
  });
}

/** The URLs (path + search, revision parameter removed) in the service worker's precache. */
export async function precachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const names = (await caches.keys()).filter((name) => name.includes('precache'));
    const paths: string[] = [];
    for (const name of names) {
      for (const request of await (await caches.open(name)).keys()) {
        const url = new URL(request.url);
        url.searchParams.delete('__WB_REVISION__');
        paths.push(url.pathname + url.search);
      }
    }
    return paths.sort();
  });
}

/**
 * Cuts the network for the whole browser context (the pages and their service worker alike)
 * and proves it: a request from `page` to the API fails.
 */
export async function goOffline(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(true);
  const outcome = await page.evaluate(() =>
    fetch('/api/health').then(
      () => 'reached',
      () => 'offline',
    ),
  );
  if (outcome !== 'offline') throw new Error('the API is still reachable with the network off');
}
