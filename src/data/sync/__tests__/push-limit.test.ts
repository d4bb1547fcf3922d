// A push the server refuses for a rate (429, Retry-After and its words, as server/sync/push.ts
// answers an account past its items an hour): the change stays queued, the next push waits the
// Retry-After while pulls go on, the words are in the sync status, and they go once it is through.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freshStore, pngBlob, type TestStore } from '../../__tests__/fixtures';
import { createDbHandle } from '../../device/db';
import { readQueue } from '../own-outbox';
import { startSyncEngine, type SyncEngine } from '../engine';
import { getSyncStatus, setSyncStatus } from '../../core/status';
import { accountOwner } from '../../owner';

const WORDS =
  'You listed 60 items in the last hour, the most an account may. ' +
  'Your next one is listed in about 20 minutes.';
const SIGNED_IN = { id: 100000, email: 'a@b.co', name: 'A' };
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

let store: TestStore;
let engine: SyncEngine | null = null;
let calls: string[];
/** While true, the server answers a push as past the account's upload rate: every push, or
 * (`uploadsOnly`) a push that holds an upload, as server/sync/push.ts does. */
let limited: boolean;
let uploadsOnly: boolean;
/** The kinds of each push's mutations. */
let pushed: string[][];

function start() {
  calls = [];
  pushed = [];
  const win = Object.assign(new EventTarget(), {
    navigator: { onLine: true, serviceWorker: new EventTarget() } as unknown as Navigator,
  });
  const fetcher = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    if (url === '/api/health') return json({ ok: true });
    if (url === '/api/auth/session') return json({ account: SIGNED_IN });
    if (url.startsWith('/api/images/')) return new Response(null, { status: 204 });
    if (url === '/api/push') {
      const { mutations } = JSON.parse(String(init?.body)) as {
        mutations: { id: string; kind: string }[];
      };
      pushed.push(mutations.map((m) => m.kind));
      const upload = mutations.some((m) => m.kind === 'item');
      if (limited && (upload || !uploadsOnly)) {
        return json({ error: WORDS }, 429, { 'Retry-After': '1200' });
      }
      return json({ cursor: 0, results: mutations.map((m) => ({ id: m.id, status: 'applied' })) });
    }
    return json({ changes: [], cursor: 0, more: false });
  });
  engine = startSyncEngine({
    db: createDbHandle(),
    fetch: fetcher as typeof fetch,
    locks: null,
    win: win as unknown as Window,
    debounceMs: 0,
    random: () => 0.5,
    owner: () => accountOwner(SIGNED_IN.id),
    live: false,
    backgroundSync: null,
  });
}

async function settle() {
  for (let i = 0; i < 5; i += 1) {
    await vi.advanceTimersByTimeAsync(10);
    await engine?.idle();
  }
}

const count = (call: string) => calls.filter((c) => c === call).length;

/** When the status says the next push goes: `iso`, give or take the fake clock's steps. */
function expectRetryAt(iso: string) {
  const retryAt = getSyncStatus().limit?.retryAt ?? 0;
  expect(retryAt).toBeGreaterThanOrEqual(Date.parse(iso));
  expect(retryAt).toBeLessThan(Date.parse(iso) + 2000);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
  setSyncStatus({ mode: 'starting', waiting: 0, refused: 0, limit: null });
  store = freshStore(undefined, () => accountOwner(SIGNED_IN.id));
  limited = true;
  uploadsOnly = false;
});
afterEach(() => {
  engine?.stop();
  engine = null;
  vi.useRealTimers();
});

describe('a push refused for a rate', () => {
  it('keeps the change, says why and when, waits the Retry-After, then clears the note', async () => {
    await store.data.toggleFavourite(2);
    start();
    await settle();
    expect(count('POST /api/push')).toBe(1);
    const [queued] = await readQueue(createDbHandle());
    expect(queued).toMatchObject({ kind: 'favourite', state: 'waiting' });
    expect(getSyncStatus()).toMatchObject({
      mode: 'online',
      waiting: 1,
      refused: 0,
      limit: { words: WORDS },
    });
    expectRetryAt('2026-03-01T10:20:00Z');
    // The server is there: the log is still pulled.
    expect(count('GET /api/changes?since=0&limit=1000')).toBeGreaterThan(0);

    // New writes, a focus, "Sync now": pulls, never a push before the wait is over.
    await store.data.toggleFavourite(3);
    engine?.kick();
    await vi.advanceTimersByTimeAsync(19 * 60_000);
    await settle();
    expect(count('POST /api/push')).toBe(1);
    expect(getSyncStatus()).toMatchObject({ waiting: 2, limit: { words: WORDS } });

    limited = false;
    await vi.advanceTimersByTimeAsync(61_000);
    await settle();
    expect(count('POST /api/push')).toBe(2);
    const states = (await readQueue(createDbHandle())).map((m) => m.state);
    expect(states).toEqual(['synced', 'synced']);
    expect(getSyncStatus()).toMatchObject({ mode: 'online', waiting: 0, limit: null });
  });

  it('waits again, as long as asked, when the server still refuses', async () => {
    await store.data.toggleFavourite(2);
    start();
    await settle();
    await vi.advanceTimersByTimeAsync(20 * 60_000 + 1000);
    await settle();
    expect(count('POST /api/push')).toBe(2);
    expect(getSyncStatus().limit?.words).toBe(WORDS);
    expectRetryAt('2026-03-01T10:40:00Z');
    expect((await readQueue(createDbHandle())).map((m) => m.state)).toEqual(['waiting']);
  });

  it('holds only the uploads when the refused push held one: the other changes go on', async () => {
    uploadsOnly = true;
    await store.data.createItem({
      title: 'Midnight Éclair',
      description: 'Pastry at night',
      type: 'GIFs',
      image: pngBlob(),
      imageType: 'image/png',
    });
    await store.data.toggleFavourite(2);
    start();
    await settle();
    expect(pushed).toEqual([['item', 'favourite'], ['favourite']]);
    const states = async () =>
      Object.fromEntries((await readQueue(createDbHandle())).map((m) => [m.kind, m.state]));
    expect(await states()).toEqual({ item: 'waiting', favourite: 'synced' });
    expect(getSyncStatus()).toMatchObject({ waiting: 1, limit: { words: WORDS, uploads: true } });
    expectRetryAt('2026-03-01T10:20:00Z');

    await store.data.toggleFavourite(3);
    await settle();
    expect(pushed.slice(2)).toEqual([['favourite']]);
    expect(getSyncStatus().limit?.words).toBe(WORDS);

    limited = false;
    await vi.advanceTimersByTimeAsync(20 * 60_000);
    await settle();
    expect(pushed.slice(3)).toEqual([['item']]);
    expect(calls.filter((c) => c.startsWith('PUT /api/images/'))).toHaveLength(2);
    expect(await states()).toEqual({ item: 'synced', favourite: 'synced' });
    expect(getSyncStatus()).toMatchObject({ waiting: 0, limit: null });
  });
});
