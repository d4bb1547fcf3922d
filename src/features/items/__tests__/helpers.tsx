// A fresh device store over the real sample data for each test (not a test file itself).
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach } from 'vitest';
import type { DataAccess } from '@/data/contract/data-access';
import { loadSampleData, setDataAccessForTests } from '@/data/data-access';
import { createDeviceDataAccess } from '@/data/device-data-access';
import { useSessionStore } from '@/data/session-store';

export const NOW = new Date('2026-03-01T12:00:00.000Z');

export function freshData(): DataAccess {
  globalThis.indexedDB = new IDBFactory();
  let seq = 0;
  const data = createDeviceDataAccess({
    sample: loadSampleData(NOW),
    now: () => new Date(),
    newId: () => `test-${++seq}`,
  });
  setDataAccessForTests(data);
  return data;
}

/** Bids and checkout are made under an account: a signed-in collector (server id 1). */
export function signInForTests(): void {
  useSessionStore
    .getState()
    .signIn({ id: 1, name: 'Mia Chen', email: 'mia@example.com', avatar: null }, false);
}

/**
 * For each test of the file: a fresh device store and a signed-in collector, signed out after.
 * Returns a getter of the running test's store.
 */
export function signedInStoreEachTest(): () => DataAccess {
  let data: DataAccess | undefined;
  beforeEach(() => {
    data = freshData();
    signInForTests();
  });
  afterEach(() => useSessionStore.getState().signOut());
  return () => {
    if (!data) throw new Error('The store is made before each test');
    return data;
  };
}
