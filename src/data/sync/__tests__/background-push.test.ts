import { beforeEach, describe, expect, it } from 'vitest';
import { freshStore, type TestStore } from '../../__tests__/fixtures';
import { createDbHandle, type DbHandle } from '../../device/db';
import { accountOwner, type Owner } from '../../owner';
import {
  handleBackgroundSync,
  pushInBackground,
  PushLaterError,
  type BackgroundPushContext,
  type SyncEventLike,
  type WorkerScopeLike,
} from '../background-push';
import { BACKGROUND_PUSHED, BACKGROUND_SYNC_TAG } from '../background-sync';
import { readQueue, SYNC_LOCK_NAME } from '../own-outbox';
import { PUSH_BATCH_MAX } from '@shared/protocol';

// The service worker's push (Background Sync) over the real device store (fake-indexeddb) and
// a server played by a fetch function that answers as the Artmint API does.

const A = 100000;
const B = 100001;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

interface Wire {
  id: string;
  kind: string;
}

let owner: Owner;
let store: TestStore;
beforeEach(() => {
  owner = accountOwner(A);
  store = freshStore(undefined, () => owner);
});

/** A server whose session is `session` (null: signed out), answering each push with `answer`. */
function server(
  session: number | null,
  answer: (batch: Wire[]) => Response = (batch) =>
    json({ cursor: 0, results: batch.map((m) => ({ id: m.id, status: 'applied' })) }),
) {
  const pushed: Wire[][] = [];
  const requests: { url: string; credentials?: RequestCredentials }[] = [];
  const fetcher = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    requests.push({ url, credentials: init?.credentials });
    if (url === '/api/auth/session') {
      return json({
        account: session === null ? null : { id: session, email: 'a@b.co', name: 'A' },
      });
    }
    if (url === '/api/push') {
      const batch = (JSON.parse(String(init?.body)) as { mutations: Wire[] }).mutations;
      pushed.push(batch);
      return answer(batch);
    }
    return json({ error: 'There is no such API route.' }, 404);
  };
  return { fetch: fetcher as typeof fetch, pushed, requests };
}

function context(fetcher: typeof fetch, db: DbHandle = createDbHandle()): BackgroundPushContext {
  return { db, fetch: fetcher, now: () => new Date('2026-03-01T12:00:00.000Z'), locks: null };
}

const unreachable = (async () => {
  throw new TypeError('Failed to fetch');
}) as typeof fetch;

describe('the service worker pushes the outbox', () => {
  it("pushes the session's waiting changes in order, with their ids, and records the answers", async () => {
    const bid = await store.data.placeBid({ itemId: 1, priceEth: '4.8', quantity: 1 });
    await store.data.toggleFavourite(2);
    await store.data.toggleFollow(3);
    const before = await readQueue(createDbHandle());
    const api = server(A, (batch) =>
      json({
        cursor: 0,
        results: batch.map((m) =>
          m.id === bid.id
            ? { id: m.id, status: 'refused', code: 'outbid', error: 'Someone bid 5 ETH.' }
            : { id: m.id, status: 'applied' },
        ),
      }),
    );

    await pushInBackground(context(api.fetch));

    expect(api.pushed).toHaveLength(1);
    expect(api.pushed[0]?.map((m) => [m.id, m.kind])).toEqual(before.map((m) => [m.id, m.kind]));
    expect(api.requests.every((r) => r.credentials === 'same-origin')).toBe(true);
    const after = await readQueue(createDbHandle());
    expect(after.map((m) => [m.kind, m.state])).toEqual([
      ['bid', 'refused'],
      ['favourite', 'synced'],
      ['follow', 'synced'],
    ]);
    expect(after[0]?.error).toBe('Someone bid 5 ETH.');
    // The refused bid is rolled back on the device, as when the app pushes.
    expect(await store.data.listBids(1)).toEqual([]);
  });

  it('pushes a long outbox batch after batch', async () => {
    const writes = PUSH_BATCH_MAX + 5;
    for (let i = 0; i < writes; i += 1) await store.data.toggleFavourite(2);
    const api = server(A);
    await pushInBackground(context(api.fetch));
    expect(api.pushed.map((batch) => batch.length)).toEqual([PUSH_BATCH_MAX, 5]);
    const queue = await readQueue(createDbHandle());
    expect(queue.filter((m) => m.state === 'waiting')).toEqual([]);
  });

  it('rejects while the server is out of reach or busy, and the changes still wait', async () => {
    await store.data.toggleFavourite(2);
    await expect(pushInBackground(context(unreachable))).rejects.toBeInstanceOf(PushLaterError);

    const busy = server(A, () => new Response('busy', { status: 503 }));
    await expect(pushInBackground(context(busy.fetch))).rejects.toBeInstanceOf(PushLaterError);
    expect(busy.pushed).toHaveLength(1);
    expect((await readQueue(createDbHandle())).map((m) => m.state)).toEqual(['waiting']);
  });

  it('resolves on a host without the API: nothing to retry', async () => {
    await store.data.toggleFavourite(2);
    const staticHost = (async () =>
      new Response('<!doctype html>', { status: 404 })) as typeof fetch;
    await expect(pushInBackground(context(staticHost))).resolves.toBeUndefined();
    expect((await readQueue(createDbHandle())).map((m) => m.state)).toEqual(['waiting']);
  });

  it("never pushes another account's changes: they wait for that account's session", async () => {
    await store.data.toggleFavourite(2);
    owner = accountOwner(B);
    await store.data.toggleFollow(3);
    const api = server(B);
    await pushInBackground(context(api.fetch));
    expect(api.pushed.flat().map((m) => m.kind)).toEqual(['follow']);
    expect((await readQueue(createDbHandle())).map((m) => [m.kind, m.state])).toEqual([
      ['favourite', 'waiting'],
      ['follow', 'synced'],
    ]);
  });

  it('signed out on the server, sends only what needs no account', async () => {
    await store.data.toggleFavourite(2);
    const api = server(null);
    await pushInBackground(context(api.fetch));
    expect(api.pushed).toEqual([]);
    expect((await readQueue(createDbHandle())).map((m) => m.state)).toEqual(['waiting']);
  });

  it("pushes under the tabs' sync lock", async () => {
    await store.data.toggleFavourite(2);
    const api = server(A);
    const held: string[] = [];
    const locks = {
      request: async (name: string, task: () => Promise<void>) => {
        held.push(name);
        const pushedBefore = api.pushed.length;
        await task();
        expect(api.pushed.length, 'the push ran inside the lock').toBe(pushedBefore + 1);
      },
    } as unknown as Pick<LockManager, 'request'>;
    await pushInBackground({ ...context(api.fetch), locks });
    expect(held).toEqual([SYNC_LOCK_NAME]);
  });
});

describe('the sync event', () => {
  function worker(windows = 1) {
    let listener: ((event: SyncEventLike) => void) | null = null;
    const messages: unknown[] = [];
    const scope: WorkerScopeLike = {
      addEventListener: (type, handler) => {
        expect(type).toBe('sync');
        listener = handler;
      },
      clients: {
        matchAll: async () =>
          Array.from({ length: windows }, () => ({
            postMessage: (m: unknown) => messages.push(m),
          })),
      },
    };
    /** Fires a sync event; the promise given to waitUntil, or null when none was. */
    const fire = (tag: string): Promise<unknown> | null => {
      let extended: Promise<unknown> | null = null;
      const event = Object.assign(new Event('sync'), {
        tag,
        waitUntil: (promise: Promise<unknown>) => {
          extended = promise;
        },
      });
      listener?.(event);
      return extended;
    };
    return { scope, messages, fire };
  }

  function trackedDb() {
    const db = createDbHandle();
    const handle = {
      closed: 0,
      get: () => db.get(),
      close: () => {
        handle.closed += 1;
        db.close();
      },
    };
    return handle;
  }

  it("covers the push with waitUntil, then tells the app's windows", async () => {
    await store.data.toggleFavourite(2);
    const api = server(A);
    const db = trackedDb();
    const sw = worker(2);
    handleBackgroundSync(sw.scope, () => context(api.fetch, db));

    expect(sw.fire('another-tag'), 'not ours: left alone').toBeNull();
    const done = sw.fire(BACKGROUND_SYNC_TAG);
    expect(done).not.toBeNull();
    await done;
    expect(api.pushed.flat().map((m) => m.kind)).toEqual(['favourite']);
    expect(sw.messages).toEqual([{ type: BACKGROUND_PUSHED }, { type: BACKGROUND_PUSHED }]);
    expect(db.closed, 'the device database is not held open').toBe(1);
  });

  it('rejects when the push must wait, so the browser fires it again later', async () => {
    await store.data.toggleFavourite(2);
    const db = trackedDb();
    const sw = worker();
    handleBackgroundSync(sw.scope, () => context(unreachable, db));
    await expect(sw.fire(BACKGROUND_SYNC_TAG)).rejects.toBeInstanceOf(PushLaterError);
    expect(sw.messages).toEqual([]);
    expect(db.closed).toBe(1);
  });
});
