// When the app may hydrate a prerendered copy (src/app/hydration.ts). That the hydrated page
// keeps the copy's own elements with no mismatch is proved on the build: tests/hydration.spec.ts
// (React's server renderer and its browser renderer cannot share one test process).
import { describe, expect, it } from 'vitest';
import { copyMatchesRoute, deviceIsFresh, settleDeferred } from '../hydration';

function copyOf(path: string): HTMLElement {
  const copy = document.createElement('div');
  copy.dataset.prerender = path;
  return copy;
}

const location = (pathname: string, search = '') => ({ pathname, search });

describe('copyMatchesRoute', () => {
  it('is true only for the copy’s own path, without a query string or a route error', () => {
    const copy = copyOf('/terms');
    expect(copyMatchesRoute(copy, { location: location('/terms'), errors: null })).toBe(true);
    expect(copyMatchesRoute(copy, { location: location('/privacy'), errors: null })).toBe(false);
    expect(copyMatchesRoute(copy, { location: location('/terms', '?q=1'), errors: null })).toBe(
      false,
    );
    expect(
      copyMatchesRoute(copy, { location: location('/terms'), errors: { root: new Error('x') } }),
    ).toBe(false);
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
});

describe('settleDeferred', () => {
  it('marks the promises loaders handed over as settled, the way use() reads them', async () => {
    const ok = Promise.resolve({ sections: 3 });
    const failed = Promise.reject(new Error('no device'));
    const loaderData = { home: { data: ok, title: 'Home' }, failing: { data: failed }, none: null };
    await settleDeferred(loaderData);
    expect(ok).toMatchObject({ status: 'fulfilled', value: { sections: 3 } });
    expect(failed).toMatchObject({ status: 'rejected' });
    expect((failed as unknown as { reason: Error }).reason.message).toBe('no device');
  });
});
