// When the app may hydrate a prerendered copy (src/app/hydration.ts). That the hydrated page
// keeps the copy's own elements with no mismatch is proved on the build: tests/hydration.spec.ts
// (React's server renderer and its browser renderer cannot share one test process).
import { afterEach, describe, expect, it } from 'vitest';
import { deviceIsFresh, prerenderedCopy } from '../hydration';

describe('prerenderedCopy', () => {
  afterEach(() => document.body.replaceChildren());

  it('is the copy at its own URL only, not with a query string or at another URL', () => {
    document.body.innerHTML =
      '<div id="root"><div data-prerender="/terms"><h1>Terms</h1></div></div>';
    const copy = document.querySelector('[data-prerender]');
    window.history.replaceState(null, '', '/terms');
    expect(prerenderedCopy()).toBe(copy);
    window.history.replaceState(null, '', '/terms?from=footer');
    expect(prerenderedCopy()).toBeNull();
    window.history.replaceState(null, '', '/privacy');
    expect(prerenderedCopy()).toBeNull();
  });

  it('is gone once the app has taken the copy over', () => {
    document.body.innerHTML = '<div id="root"><div data-prerender="/terms"></div></div>';
    window.history.replaceState(null, '', '/terms');
    document.querySelector('[data-prerender]')?.removeAttribute('data-prerender');
    expect(prerenderedCopy()).toBeNull();
  });
});

function createDb(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, 1);
    request.onupgradeneeded = () => request.result.createObjectStore('favourites');
    request.onerror = () => reject(request.error);
    request.onsuccess = () => {
      request.result.close();
      resolve();
    };
  });
}

describe('deviceIsFresh', () => {
  it('is true with no database of the app, and does not create one', async () => {
    await createDb('another-app');
    await expect(deviceIsFresh('fresh-none')).resolves.toBe(true);
    const names = (await indexedDB.databases()).map((db) => db.name);
    expect(names).not.toContain('fresh-none');
  });

  it('is false once the app has made its database here, even with no record in it yet', async () => {
    await createDb('fresh-used');
    await expect(deviceIsFresh('fresh-used')).resolves.toBe(false);
  });
});
