// When the app may hydrate a prerendered copy (src/app/hydration.ts). That the hydrated page
// keeps the copy's own elements with no mismatch is proved on the build: tests/hydration.spec.ts
// (React's server renderer and its browser renderer cannot share one test process).
import { afterEach, describe, expect, it } from 'vitest';
import { deviceIsFresh } from '../device-is-fresh';
import { prerenderedCopy } from '../hydration';

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

function createDb(name: string, records: Record<string, unknown[]>): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, 1);
    request.onupgradeneeded = () => {
      for (const store of Object.keys(records)) {
        request.result.createObjectStore(store, { autoIncrement: true });
      }
    };
    request.onerror = () => reject(request.error);
    request.onsuccess = () => {
      const db = request.result;
      const tx = db.transaction(Object.keys(records), 'readwrite');
      for (const [store, values] of Object.entries(records)) {
        for (const value of values) tx.objectStore(store).add(value);
      }
      tx.oncomplete = () => {
        db.close();
        resolve();
      };
    };
  });
}

describe('deviceIsFresh', () => {
  it('is true with no database, and does not create one', async () => {
    await expect(deviceIsFresh('fresh-none')).resolves.toBe(true);
    const names = (await indexedDB.databases()).map((db) => db.name);
    expect(names).not.toContain('fresh-none');
  });

  it('is true when every store is empty', async () => {
    await createDb('fresh-empty', { favourites: [], bids: [] });
    await expect(deviceIsFresh('fresh-empty')).resolves.toBe(true);
  });

  it('is false as soon as one store holds a record', async () => {
    await createDb('fresh-used', { favourites: [], bids: [{ itemId: 1 }] });
    await expect(deviceIsFresh('fresh-used')).resolves.toBe(false);
  });

  it('leaves the database free for the app to open at a newer version', async () => {
    await createDb('fresh-upgrade', { favourites: [{ id: 1 }] });
    await deviceIsFresh('fresh-upgrade');
    const upgraded = await new Promise<string>((resolve) => {
      const request = indexedDB.open('fresh-upgrade', 2);
      request.onblocked = () => resolve('blocked');
      request.onsuccess = () => {
        request.result.close();
        resolve('opened');
      };
    });
    expect(upgraded).toBe('opened');
  });
});
