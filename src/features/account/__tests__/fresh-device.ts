// Test support: each account test starts on a device of its own (a new IndexedDB, a fresh data
// access, nobody signed in) that talks to a fake auth server of its own at the network boundary.
import { IDBFactory } from 'fake-indexeddb';
import { vi } from 'vitest';
import { setDataAccessForTests } from '@/data/data-access';
import { resetRemoteAccountStateForTests } from '@/data/remote/account-api';
import { useSessionStore } from '@/data/session-store';
import { fakeAuthServer } from './fake-auth-server';

/** Call in beforeEach: a fresh device, and its server (answering as the Artmint server). */
export function onFreshDevice(): ReturnType<typeof fakeAuthServer> {
  const server = fakeAuthServer();
  resetRemoteAccountStateForTests();
  globalThis.indexedDB = new IDBFactory();
  setDataAccessForTests(null);
  useSessionStore.setState({ user: null, remember: false });
  return server;
}

/** Call in afterEach: the network and the data access as they were, the tab's session gone. */
export function leaveDevice(): void {
  vi.unstubAllGlobals();
  setDataAccessForTests(null);
  sessionStorage.clear();
}
