import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyServerWord } from '../apply';
import { askAtBoot, bootedFetch, readBootCursor } from '../boot-asks';
import { refreshOnSync } from '../boot';
import { createDbHandle } from '../../device/db';
import { setSyncStatus, getSyncStatus } from '../../core/status';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { noteListsStale } from '../../server-lists';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

/** A fetch that records what it was asked and answers each path with its name. */
function recordingFetch() {
  const asked: { path: string; init?: RequestInit }[] = [];
  const fetcher = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    asked.push({ path: String(input), init });
    return json({ path: String(input) });
  }) as unknown as typeof fetch;
  return { asked, fetcher };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('askAtBoot', () => {
  it("asks a fresh device's health, session and the opened item's snapshot page at once", async () => {
    const { asked, fetcher } = recordingFetch();
    const into = new Map<string, Promise<Response>>();
    askAtBoot({
      pathname: '/item-detail/12',
      fetcher,
      online: true,
      readCursor: () => null,
      into,
    });
    expect(asked.map((a) => a.path)).toEqual([
      '/api/health',
      '/api/auth/session',
      '/api/snapshot?page=focus%3Aitem%3A12',
    ]);
    expect(asked[0]?.init).toMatchObject({ method: 'GET', cache: 'no-store' });
    expect([...into.keys()]).toEqual(asked.map((a) => a.path));
  });

  it('asks a device that has a cursor for the log since it, and a list page for no focus', async () => {
    const { asked, fetcher } = recordingFetch();
    askAtBoot({
      pathname: '/explore-one',
      fetcher,
      online: true,
      readCursor: () => 4321,
      into: new Map(),
    });
    expect(asked.at(-1)?.path).toBe('/api/changes?since=4321&limit=1000');

    const fresh = recordingFetch();
    askAtBoot({
      pathname: '/explore-one',
      fetcher: fresh.fetcher,
      online: true,
      readCursor: () => null,
      into: new Map(),
    });
    expect(fresh.asked.at(-1)?.path).toBe('/api/snapshot');
  });

  it('asks nothing offline, and drops answers nobody took after a while', async () => {
    const { asked, fetcher } = recordingFetch();
    askAtBoot({ pathname: '/', fetcher, online: false, into: new Map() });
    expect(asked).toEqual([]);

    vi.useFakeTimers();
    const into = new Map<string, Promise<Response>>();
    askAtBoot({ pathname: '/', fetcher, online: true, readCursor: () => 7, into });
    expect(into.size).toBe(3);
    vi.advanceTimersByTime(10_000);
    expect(into.size).toBe(0);
  });

  it('a failed ask is no unhandled rejection: the engine asks again', async () => {
    const into = new Map<string, Promise<Response>>();
    const failing = (() => Promise.reject(new TypeError('offline'))) as unknown as typeof fetch;
    askAtBoot({
      pathname: '/',
      fetcher: failing,
      online: true,
      readCursor: () => 1,
      into,
    });
    await expect(into.get('/api/health')).rejects.toThrow('offline');
  });
});

describe('bootedFetch', () => {
  it('answers a GET asked at boot with its answer once, then from the network', async () => {
    const booted = json({ from: 'boot' });
    const asks = new Map([['/api/health', Promise.resolve(booted)]]);
    const { asked, fetcher } = recordingFetch();
    const engineFetch = bootedFetch(fetcher, () => asks);

    expect(await engineFetch('/api/health', { method: 'GET' })).toBe(booted);
    expect(asked).toEqual([]);
    await engineFetch('/api/health', { method: 'GET' });
    expect(asked.map((a) => a.path)).toEqual(['/api/health']);
  });

  it('never answers a push or another path from the boot', async () => {
    const asks = new Map([['/api/push', Promise.resolve(json({ from: 'boot' }))]]);
    const { asked, fetcher } = recordingFetch();
    const engineFetch = bootedFetch(fetcher, () => asks);
    await engineFetch('/api/push', { method: 'POST', body: '{}' });
    await engineFetch('/api/changes?since=3&limit=1000');
    expect(asked.map((a) => a.path)).toEqual(['/api/push', '/api/changes?since=3&limit=1000']);
  });
});

describe('readBootCursor', () => {
  it('reads the copy of the cursor the engine stored, never the device store', async () => {
    localStorage.clear();
    expect(readBootCursor()).toBeNull();
    const before = (await indexedDB.databases()).length;

    const handle = createDbHandle(`boot-cursor-${Math.random()}`);
    await applyServerWord(handle, { cursor: 77, at: new Date().toISOString() });
    expect(readBootCursor()).toBe(77);
    // Never backwards: an older cursor keeps the newer.
    await applyServerWord(handle, { cursor: 50, at: new Date().toISOString() });
    expect(readBootCursor()).toBe(77);
    (await handle.get()).close();
    expect((await indexedDB.databases()).length).toBe(before + 1);
  });

  it('reads a corrupt copy as none', () => {
    for (const text of ['', 'abc', '-3', '1e9', '12345678901234567890']) {
      localStorage.setItem(STORAGE_KEYS.syncCursor, text);
      expect(readBootCursor()).toBeNull();
    }
    localStorage.clear();
  });
});

describe('refreshOnSync', () => {
  it('re-reads the screen once for what landed before the app was live, then after each sync', async () => {
    const revalidate = vi.fn(async () => undefined);
    setSyncStatus({ version: getSyncStatus().version + 1 });
    const stop = refreshOnSync(revalidate);
    expect(revalidate).toHaveBeenCalledTimes(1);

    await vi.waitFor(() => expect(revalidate).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    setSyncStatus({ mode: 'online' }); // no new version: nothing to read again
    expect(revalidate).toHaveBeenCalledTimes(1);
    setSyncStatus({ version: getSyncStatus().version + 1 });
    expect(revalidate).toHaveBeenCalledTimes(2);
    await new Promise((resolve) => setTimeout(resolve, 0));

    stop();
    setSyncStatus({ version: getSyncStatus().version + 1 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(revalidate).toHaveBeenCalledTimes(2);
  });

  it('changes landed during a re-read are read by one more re-read after it', async () => {
    let finish = () => undefined as void;
    const revalidate = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const stop = refreshOnSync(revalidate);
    setSyncStatus({ version: getSyncStatus().version + 1 });
    const calls = revalidate.mock.calls.length;
    for (let i = 0; i < 3; i += 1) setSyncStatus({ version: getSyncStatus().version + 1 });
    expect(revalidate, 'none while one runs').toHaveBeenCalledTimes(calls);
    finish();
    await vi.waitFor(() => expect(revalidate).toHaveBeenCalledTimes(calls + 1));
    finish();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(revalidate, 'one for the three').toHaveBeenCalledTimes(calls + 1);
    stop();
  });

  it('re-reads the screen when a list it took from memory goes stale', async () => {
    const revalidate = vi.fn(async () => undefined);
    const stop = refreshOnSync(revalidate);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const calls = revalidate.mock.calls.length;
    // Two lists answered again from memory: one re-read, when the first goes stale.
    noteListsStale(20);
    noteListsStale(10);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(revalidate).toHaveBeenCalledTimes(calls + 1);
    stop();
    noteListsStale(1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(revalidate, 'none once stopped').toHaveBeenCalledTimes(calls + 1);
  });
});
