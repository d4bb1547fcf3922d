import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freshStore, makeItem, type TestStore } from '../../__tests__/fixtures';
import { FIRST_SERVER_ITEM_ID } from '@shared/protocol';
import { createDbHandle } from '../../device/db';
import { nextDelay } from '../backoff';
import { BACKGROUND_PUSHED } from '../background-sync';
import { readQueue } from '../own-outbox';
import { startSyncEngine, type SyncEngine } from '../engine';
import { getSyncStatus } from '../../core/status';
import { accountOwner, SIGNED_OUT, type Owner } from '../../owner';

type Handler = (url: string, init?: RequestInit) => Response | Promise<Response>;
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

let store: TestStore;
/** Who is signed in in the app (whose records the device writes). */
let owner: Owner;
let engine: SyncEngine | null = null;
let calls: string[];
/** Background Syncs the engine asked the browser for. */
let backgroundSyncs: number;
const workers = new EventTarget();
const network = { onLine: true, serviceWorker: workers };
const win = Object.assign(new EventTarget(), { navigator: network as unknown as Navigator });

function start(handler: Handler) {
  calls = [];
  backgroundSyncs = 0;
  const fetcher = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    return handler(url, init);
  });
  engine = startSyncEngine({
    db: createDbHandle(),
    fetch: fetcher as typeof fetch,
    locks: null,
    win: win as unknown as Window,
    debounceMs: 0,
    random: () => 0.5,
    owner: () => owner,
    backgroundSync: async () => {
      backgroundSyncs += 1;
    },
  });
}

async function settle() {
  for (let i = 0; i < 5; i += 1) {
    await vi.advanceTimersByTimeAsync(10);
    await engine?.idle();
  }
}

const SIGNED_IN = { id: 100000, email: 'a@b.co', name: 'A' };

/** A server that knows the signed-in collector, answers a push with `push`, and has no changes. */
const signedInServer =
  (push: () => Response): Handler =>
  (url) =>
    url === '/api/health'
      ? json({ ok: true })
      : url === '/api/auth/session'
        ? json({ account: SIGNED_IN })
        : url === '/api/push'
          ? push()
          : json({ changes: [], cursor: 0, more: false });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  owner = accountOwner(SIGNED_IN.id);
  store = freshStore(undefined, () => owner);
});
afterEach(() => {
  engine?.stop();
  engine = null;
  vi.useRealTimers();
});

describe('the sync engine', () => {
  it('pushes at start, in order; a refusal does not hold the rest back', async () => {
    const bid = await store.data.placeBid({ itemId: 1, priceEth: '4.8', quantity: 1 });
    await store.data.toggleFavourite(2);
    let pushed: { id: string; kind: string }[] = [];
    start((url, init) => {
      if (url === '/api/health') return json({ ok: true });
      if (url === '/api/auth/session') return json({ account: SIGNED_IN });
      if (url === '/api/push') {
        pushed = (JSON.parse(String(init?.body)) as { mutations: typeof pushed }).mutations;
        return json({
          cursor: 0,
          results: pushed.map((m) =>
            m.id === bid.id
              ? { id: m.id, status: 'refused', code: 'outbid', error: 'You were outbid.' }
              : { id: m.id, status: 'applied' },
          ),
        });
      }
      return json({ changes: [], cursor: 0, more: false });
    });
    await settle();
    expect(pushed.map((m) => m.kind)).toEqual(['bid', 'favourite']);
    const q = await readQueue(createDbHandle());
    expect(q.map((m) => m.state)).toEqual(['refused', 'synced']);
    expect(getSyncStatus()).toMatchObject({ mode: 'online', waiting: 0, refused: 1 });
    expect(await store.data.listBids(1)).toEqual([]);
  });

  it('signed out, asks the session and pushes nothing that needs an account', async () => {
    owner = SIGNED_OUT;
    await store.data.toggleFavourite(2);
    await store.data.saveOutbox('newsletter', { email: 'a@b.co' });
    let pushed: { kind: string }[] = [];
    start((url, init) => {
      if (url === '/api/health') return json({ ok: true });
      if (url === '/api/auth/session') return json({ account: null });
      if (url === '/api/push') {
        pushed = (JSON.parse(String(init?.body)) as { mutations: typeof pushed }).mutations;
        return json({ cursor: 0, results: [] });
      }
      return json({ changes: [], cursor: 0, more: false });
    });
    await settle();
    expect(calls.slice(0, 2)).toEqual(['GET /api/health', 'GET /api/auth/session']);
    expect(pushed.map((m) => m.kind)).toEqual(['message']);
    expect(getSyncStatus()).toMatchObject({ needsSignIn: true });
  });

  it('sends nothing while the browser is offline, and syncs when it comes back online', async () => {
    network.onLine = false;
    try {
      await store.data.toggleFavourite(2);
      start(signedInServer(() => json({ cursor: 0, results: [] })));
      await settle();
      await store.data.toggleFavourite(3);
      await settle();
      expect(calls).toEqual([]);
      network.onLine = true;
      win.dispatchEvent(new Event('online'));
      await settle();
      expect(calls.slice(0, 3)).toEqual([
        'GET /api/health',
        'GET /api/auth/session',
        'POST /api/push',
      ]);
    } finally {
      network.onLine = true;
    }
  });

  it('is quiet on a static host: one look at /api/health, no retries', async () => {
    await store.data.toggleFavourite(2);
    start(() => new Response('<!doctype html>', { status: 404 }));
    await settle();
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(calls).toEqual(['GET /api/health']);
    expect(getSyncStatus().mode).toBe('device-only');
  });

  it('waits without errors while the server has no /api/push yet', async () => {
    await store.data.toggleFavourite(2);
    start(signedInServer(() => json({ error: 'There is no such API route.' }, 404)));
    await settle();
    await store.data.toggleFavourite(3);
    await settle();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.filter((c) => c === 'POST /api/push')).toHaveLength(1);
    expect(getSyncStatus()).toMatchObject({ waiting: 2, mode: 'online' });
  });

  it('backs off exponentially while the server is out of reach', async () => {
    start(() => Promise.reject(new TypeError('Failed to fetch')));
    await settle();
    await vi.advanceTimersByTimeAsync(2000 + 4000 + 8000);
    expect(calls.length).toBeLessThanOrEqual(4);
    expect(getSyncStatus().mode).toBe('offline');
    expect([1, 2, 3, 10].map((n) => nextDelay(n, () => 0.5))).toEqual([2000, 4000, 8000, 300000]);
  });

  it("waits what a busy server's Retry-After asks for, then pushes again", async () => {
    await store.data.toggleFavourite(2);
    let busy = true;
    start(
      signedInServer(() =>
        busy
          ? json({ error: 'Busy.' }, 503, { 'Retry-After': '120' })
          : json({ cursor: 0, results: [] }),
      ),
    );
    await settle();
    expect(getSyncStatus().mode).toBe('offline');
    busy = false;
    await vi.advanceTimersByTimeAsync(60_000);
    await settle();
    expect(calls.filter((c) => c === 'POST /api/push')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(70_000);
    await settle();
    expect(calls.filter((c) => c === 'POST /api/push')).toHaveLength(2);
    expect(getSyncStatus().mode).toBe('online');
  });

  it('pulls the change log into the device store', async () => {
    const item = await store.data.getItem(1);
    start((url) => {
      if (url === '/api/health') return json({ ok: true });
      if (url.startsWith('/api/changes?since=0')) {
        return json({
          changes: [
            {
              seq: 3,
              topic: 'item',
              key: '1',
              data: { ...item, highestBidEth: '7', favourites: 9 },
            },
          ],
          cursor: 3,
          more: false,
        });
      }
      return json({ changes: [], cursor: 3, more: false });
    });
    await settle();
    expect((await store.data.getItem(1))?.highestBidEth).toBe('7');
    expect(await store.data.favouriteCount(1)).toBe(9);
  });
});

describe('one device, several accounts', () => {
  /** A server whose session belongs to `who()` (null: nobody); it applies every push. */
  const serverOf = (who: () => number | null, pushed: { id: string; kind: string }[][]) =>
    ((url, init) => {
      if (url === '/api/health') return json({ ok: true });
      if (url === '/api/auth/session') {
        const id = who();
        return json({ account: id === null ? null : { id, email: `${id}@b.co`, name: 'N' } });
      }
      if (url === '/api/push') {
        const batch = (
          JSON.parse(String(init?.body)) as { mutations: { id: string; kind: string }[] }
        ).mutations;
        pushed.push(batch);
        return json({ cursor: 0, results: batch.map((m) => ({ id: m.id, status: 'applied' })) });
      }
      return json({ changes: [], cursor: 0, more: false });
    }) satisfies Handler;

  it("never pushes A's waiting changes under B's session; pushes them when A is back", async () => {
    const A = 100000;
    const B = 100001;
    owner = accountOwner(A);
    await store.data.toggleFavourite(2);
    await store.data.placeBid({ itemId: 1, priceEth: '4.8', quantity: 1 });
    // A signs out and B signs in on this device, offline, before anything was sent.
    owner = accountOwner(B);
    await store.data.toggleFollow(3);
    let session: number | null = B;
    const pushed: { id: string; kind: string }[][] = [];
    start(serverOf(() => session, pushed));
    await settle();
    expect(pushed.flat().map((m) => m.kind)).toEqual(['follow']);
    // The header counts B's changes only: A's wait, unseen by B.
    expect(getSyncStatus()).toMatchObject({ waiting: 0, needsSignIn: false });
    expect((await readQueue(createDbHandle())).map((m) => [m.kind, m.state])).toEqual([
      ['favourite', 'waiting'],
      ['bid', 'waiting'],
      ['follow', 'synced'],
    ]);

    owner = accountOwner(A);
    session = A;
    engine?.kick();
    await settle();
    expect(pushed.flat().map((m) => m.kind)).toEqual(['follow', 'favourite', 'bid']);
    expect((await readQueue(createDbHandle())).every((m) => m.state === 'synced')).toBe(true);
  });

  it('pushes signed-out favourites once the account that signs in has adopted them', async () => {
    owner = SIGNED_OUT;
    await store.data.toggleFavourite(2);
    let session: number | null = null;
    const pushed: { id: string; kind: string }[][] = [];
    start(serverOf(() => session, pushed));
    await settle();
    expect(pushed).toEqual([]);
    expect(getSyncStatus()).toMatchObject({ waiting: 1, needsSignIn: true });

    // Signed in on the server, but not yet in the app: still nothing goes.
    session = 100000;
    engine?.kick();
    await settle();
    expect(pushed).toEqual([]);

    owner = accountOwner(100000);
    await store.data.adoptSignedOutRecords();
    await settle();
    expect(pushed.flat().map((m) => m.kind)).toEqual(['favourite']);
    expect(getSyncStatus()).toMatchObject({ waiting: 0, needsSignIn: false });
  });
});

describe('a message sent signed out whose answer was lost', () => {
  it('goes again after sign-in with the same id and body, and is sent once', async () => {
    owner = SIGNED_OUT;
    await store.data.saveOutbox('contact', { email: 'dee@b.co', message: 'Still for sale?' });
    let session: number | null = null;
    /** What the server received, in order; it applied the first (its answer was lost). */
    const received: { id: string; kind: string; args: unknown }[] = [];
    start((url, init) => {
      if (url === '/api/health') return json({ ok: true });
      if (url === '/api/auth/session') {
        return json({ account: session === null ? null : { ...SIGNED_IN, id: session } });
      }
      if (url === '/api/push') {
        const { mutations } = JSON.parse(String(init?.body)) as { mutations: typeof received };
        received.push(...mutations.map(({ id, kind, args }) => ({ id, kind, args })));
        if (received.length === 1) throw new TypeError('Failed to fetch');
        // The server recognises the retry by its id and body (server/sync/push.ts).
        const [first] = received;
        return json({
          cursor: 0,
          results: mutations.map((m) =>
            m.id === first?.id && JSON.stringify(m.args) === JSON.stringify(first.args)
              ? { id: m.id, status: 'applied' }
              : { id: m.id, status: 'refused', code: 'conflict', error: 'Make it again.' },
          ),
        });
      }
      return json({ changes: [], cursor: 0, more: false });
    });
    await settle();
    expect(received).toHaveLength(1);

    // Signed in: the account adopts the message, and the device sends it again.
    session = SIGNED_IN.id;
    owner = accountOwner(SIGNED_IN.id);
    await store.data.adoptSignedOutRecords();
    await vi.advanceTimersByTimeAsync(10_000);
    await settle();
    expect(received).toHaveLength(2);
    expect(received[1]).toEqual(received[0]);
    const messages = await store.data.listStoredMessages();
    expect(messages.map((m) => [m.id, m.delivery])).toEqual([[received[0]?.id, 'sent']]);
    expect(getSyncStatus()).toMatchObject({ waiting: 0, refused: 0 });
  });
});

describe("the account's own records from its other devices", () => {
  const other = FIRST_SERVER_ITEM_ID + 7;
  /** What GET /api/me/changes answers after the account's cursor 5 (read from GET /api/me). */
  let log: { changes: unknown[]; cursor: number };
  beforeEach(() => {
    log = { changes: [], cursor: 5 };
  });
  /** A server where the account favourites `other` (made elsewhere) and has that item. */
  const withAccount = (account: { id: number } | null) => (url: string) => {
    if (url === '/api/health') return json({ ok: true });
    if (url === '/api/auth/session') return json({ account });
    if (url === '/api/me') {
      return json({
        favourites: [other],
        follows: [],
        profile: {},
        bids: [],
        purchases: [],
        cursor: 5,
      });
    }
    if (url.startsWith('/api/me/changes?')) return json({ ...log, more: false });
    if (url.startsWith('/api/snapshot?page=focus')) {
      const data = { ...makeItem({ id: other, title: 'From my phone' }), favourites: 1 };
      return json({
        records: [{ seq: 3, topic: 'item', key: String(other), data }],
        cursor: 3,
        next: null,
      });
    }
    return json({ changes: [], cursor: 0, more: false });
  };
  const asks = (path: string) => calls.filter((call) => call.startsWith(`GET ${path}`)).length;
  const titles = async () => (await store.data.listFavourites()).map((item) => item.title);

  it('reads the whole once, then the log after each pull; their items land', async () => {
    start(withAccount(SIGNED_IN));
    await settle();
    expect(calls.filter((call) => call === 'GET /api/me')).toHaveLength(1);
    expect(asks('/api/me/changes?since=5')).toBe(1);
    expect(asks('/api/snapshot?page=focus')).toBe(1);
    expect(await titles()).toEqual(['From my phone']);
    expect(await store.data.favouritesNotSaved()).toEqual([]);
    // Followed on the phone a moment later: the next cycle brings it.
    log = { changes: [{ seq: 6, topic: 'follow', key: '3', data: { on: true } }], cursor: 6 };
    engine?.kick();
    await settle();
    expect(
      calls.filter((call) => call === 'GET /api/me'),
      'the cursor is kept',
    ).toHaveLength(1);
    expect(asks('/api/me/changes?since=5')).toBe(2);
    expect((await store.data.listFollows()).map((creator) => creator.id)).toEqual([3]);
    engine?.kick();
    await settle();
    expect(asks('/api/me/changes?since=6')).toBe(1);
    expect(asks('/api/snapshot?page=focus'), 'the item is held now').toBe(1);
  });

  it('asks nothing while the app is signed out, whatever the server session', async () => {
    owner = SIGNED_OUT;
    start(withAccount(SIGNED_IN));
    await settle();
    expect(asks('/api/me')).toBe(0);
    engine?.stop();
    start(withAccount(null));
    await settle();
    expect(asks('/api/me')).toBe(0);
  });

  it("follows the account's log on the live stream; a batch past its cursor is pulled", async () => {
    const sources: (EventTarget & { url: string; close(): void })[] = [];
    class Source extends EventTarget {
      readyState = 0;
      constructor(readonly url: string) {
        super();
        sources.push(this);
      }
      close() {
        this.readyState = 2;
      }
    }
    calls = [];
    engine = startSyncEngine({
      db: createDbHandle(),
      fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${String(input)}`);
        return withAccount(SIGNED_IN)(String(input));
      }) as typeof fetch,
      locks: null,
      win: win as unknown as Window,
      debounceMs: 0,
      random: () => 0.5,
      owner: () => owner,
      backgroundSync: null,
      live: {
        EventSource: Source as unknown as typeof EventSource,
        locks: {
          request: (_name: string, _options: unknown, task: () => Promise<void>) => task(),
        } as unknown as LockManager,
        channel: { postMessage: () => undefined, close: () => undefined, onmessage: null },
        doc: Object.assign(new EventTarget(), {
          visibilityState: 'visible',
        }) as unknown as Document,
        win: new EventTarget() as unknown as Window,
      },
    });
    await settle();
    expect(sources.map((source) => source.url)).toEqual(['/api/events?since=0&mine=5']);
    const mine = (batch: unknown) =>
      sources[0]?.dispatchEvent(new MessageEvent('mine', { data: JSON.stringify(batch) }));
    mine({
      from: 5,
      cursor: 6,
      changes: [{ seq: 6, topic: 'favourite', key: '2', data: { on: true } }],
    });
    await settle();
    expect(await titles()).toContain('Café Dreams');
    expect(asks('/api/me/changes?since=6'), 'landed: nothing to pull').toBe(0);
    // Entries 7 and 8 never reached this device: a pull fills the gap.
    mine({
      from: 8,
      cursor: 9,
      changes: [{ seq: 9, topic: 'favourite', key: '3', data: { on: true } }],
    });
    await settle();
    expect(asks('/api/me/changes?since=6')).toBe(1);
    expect(await titles()).not.toContain('Pixel Knight');
  });
});

describe('Background Sync', () => {
  const down: Handler = () => Promise.reject(new TypeError('Failed to fetch'));
  /** Down until `up()`, then a server that knows the collector and applies every push. */
  function flaky() {
    let reachable = false;
    const handler: Handler = (url, init) =>
      reachable
        ? signedInServer(() => json({ cursor: 0, results: [] }))(url, init)
        : down(url, init);
    return { handler, up: () => (reachable = true) };
  }

  it('asks for one when a push fails with changes waiting, and not while nothing waits', async () => {
    start(down);
    await settle();
    await vi.advanceTimersByTimeAsync(2500);
    await settle();
    expect(calls.length, 'the engine tried twice, and failed').toBe(2);
    expect(backgroundSyncs, 'nothing waits: nothing asked').toBe(0);

    await store.data.toggleFavourite(2);
    await vi.advanceTimersByTimeAsync(10_000);
    await settle();
    expect(calls.length, 'and tried again').toBeGreaterThan(2);
    expect(backgroundSyncs).toBeGreaterThanOrEqual(1);
  });

  it('asks for one at once while the browser is offline with changes waiting', async () => {
    network.onLine = false;
    try {
      start(signedInServer(() => json({ cursor: 0, results: [] })));
      await settle();
      expect(backgroundSyncs).toBe(0);
      await store.data.toggleFollow(3);
      await settle();
      expect(calls).toEqual([]);
      expect(backgroundSyncs).toBe(1);
    } finally {
      network.onLine = true;
    }
  });

  it('asks for none when the push goes through', async () => {
    await store.data.toggleFavourite(2);
    start(signedInServer(() => json({ cursor: 0, results: [] })));
    await settle();
    expect(calls).toContain('POST /api/push');
    expect(backgroundSyncs).toBe(0);
  });

  it('asks for none for changes that wait for a sign-in', async () => {
    owner = SIGNED_OUT;
    await store.data.toggleFavourite(2);
    start(down);
    await settle();
    await vi.advanceTimersByTimeAsync(2500);
    await settle();
    expect(calls.length).toBe(2);
    expect(backgroundSyncs, 'a favourite needs an account: no sync could push it').toBe(0);
    await store.data.saveOutbox('newsletter', { email: 'a@b.co' });
    await vi.advanceTimersByTimeAsync(5000);
    await settle();
    expect(backgroundSyncs, 'a newsletter signup goes signed out').toBeGreaterThanOrEqual(1);
  });

  it('syncs at once, backoff or not, when the service worker says it pushed', async () => {
    const server = flaky();
    start(server.handler);
    await settle();
    await vi.advanceTimersByTimeAsync(2500);
    await settle();
    const tried = calls.length;
    server.up();
    await vi.advanceTimersByTimeAsync(100);
    expect(calls.length, 'still backing off').toBe(tried);
    workers.dispatchEvent(new MessageEvent('message', { data: { type: BACKGROUND_PUSHED } }));
    await settle();
    expect(calls.slice(tried)).toContain('GET /api/health');
    expect(getSyncStatus().mode).toBe('online');
  });
});
