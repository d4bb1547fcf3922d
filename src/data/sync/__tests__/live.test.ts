import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getClockSnapshot, setClockOffset } from '@/lib/clock';
import { createDbHandle } from '../../device/db';
import { applyServerWord, readCursor } from '../apply';
import { applyLiveBatch } from '../cycle';
import { startLiveStream, type LiveOptions, type LiveStream } from '../live';
import { onLiveChanges } from '../live-signal';
import type { Change, LiveBatch } from '@shared/protocol';
import { channels, FakeLocks, flush, visibility } from './tabs';

// The browser's parts the live stream uses (EventSource, Web Locks, BroadcastChannel, the
// document's visibility) as small in-memory stand-ins, so that several "tabs" share one lock and
// one channel; the stream's server side has its own tests on the real server
// (server/sync/events.test.ts) and the end-to-end tests run it in Chromium (tests/live.spec.ts).

class FakeSource extends EventTarget {
  static opened: FakeSource[] = [];
  readyState = 0;
  constructor(readonly url: string) {
    super();
    FakeSource.opened.push(this);
  }
  close() {
    this.readyState = 2;
  }
  emit(type: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  get open() {
    return this.readyState !== 2;
  }
}

const change = (seq: number, topic: Change['topic'] = 'activity'): Change => ({
  seq,
  topic,
  key: `k${seq}`,
  data: null,
});

let locks: FakeLocks;
let newChannel: ReturnType<typeof channels>;
let tabs: LiveStream[];

function tab(overrides: Partial<LiveOptions> & { cursor?: () => Promise<number> } = {}) {
  const applied: LiveBatch[] = [];
  const refreshed = vi.fn();
  const page = visibility();
  const win = new EventTarget();
  const stream = startLiveStream({
    apply: async (batch) => {
      applied.push(batch);
    },
    cursor: async () => 7,
    refreshed,
    EventSource: FakeSource as unknown as typeof EventSource,
    locks: locks as unknown as LockManager,
    channel: newChannel() as unknown as BroadcastChannel,
    doc: page.doc as unknown as Document,
    win: win as unknown as Window,
    hiddenReleaseMs: 1000,
    ...overrides,
  });
  if (!stream) throw new Error('no live stream');
  tabs.push(stream);
  return { applied, refreshed, page, win, stream };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSource.opened = [];
  locks = new FakeLocks();
  newChannel = channels();
  tabs = [];
});

afterEach(() => {
  for (const stream of tabs) stream.stop();
  setClockOffset(0);
  vi.useRealTimers();
});

describe('the live stream in the browser', () => {
  it('opens one stream from the device cursor and lands each batch in order', async () => {
    const heard: Change[][] = [];
    const off = onLiveChanges((changes) => heard.push([...changes]));
    const one = tab();
    await flush();
    expect(FakeSource.opened.map((s) => s.url)).toEqual(['/api/events?since=7']);
    const source = FakeSource.opened[0] as FakeSource;
    source.emit('changes', { since: 7, cursor: 9, changes: [change(8), change(9)] });
    source.emit('changes', { since: 9, cursor: 10, changes: [change(10)] });
    source.emit('changes', '{not json');
    await flush();
    expect(one.applied.map((b) => b.cursor)).toEqual([9, 10]);
    expect(heard.map((changes) => changes.map((c) => c.seq))).toEqual([[8, 9], [10]]);
    off();
  });

  it('three tabs hold one stream; the others refresh from what the leader landed', async () => {
    const [a, b, c] = [tab(), tab(), tab()];
    await flush();
    expect(FakeSource.opened).toHaveLength(1);
    (FakeSource.opened[0] as FakeSource).emit('changes', {
      since: 7,
      cursor: 8,
      changes: [change(8, 'bid')],
    });
    await flush();
    expect(a.applied).toHaveLength(1);
    expect(b.applied).toHaveLength(0);
    expect(b.refreshed).toHaveBeenCalledTimes(1);
    expect(c.refreshed).toHaveBeenCalledTimes(1);
    expect(a.refreshed).not.toHaveBeenCalled();
  });

  it('a tab hidden for a while lets the stream go to a visible tab, and asks again when seen', async () => {
    const a = tab();
    const b = tab();
    await flush();
    const first = FakeSource.opened[0] as FakeSource;
    a.page.set('hidden');
    await vi.advanceTimersByTimeAsync(999);
    expect(first.open).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    await flush();
    expect(first.open).toBe(false);
    expect(FakeSource.opened).toHaveLength(2);
    const second = FakeSource.opened[1] as FakeSource;
    second.emit('changes', { since: 7, cursor: 8, changes: [change(8)] });
    await flush();
    expect(b.applied).toHaveLength(1);

    // Back in view, A waits its turn: B still leads.
    a.page.set('visible');
    b.page.set('hidden');
    await vi.advanceTimersByTimeAsync(1000);
    await flush();
    expect(second.open).toBe(false);
    expect(FakeSource.opened).toHaveLength(3);
    expect((FakeSource.opened[2] as FakeSource).open).toBe(true);
  });

  it('a lone tab hidden long closes its stream and resumes from the cursor when visible', async () => {
    let cursor = 7;
    const a = tab({ cursor: async () => cursor });
    await flush();
    a.page.set('hidden');
    await vi.advanceTimersByTimeAsync(1000);
    await flush();
    expect((FakeSource.opened[0] as FakeSource).open).toBe(false);
    cursor = 42;
    a.page.set('visible');
    await flush();
    expect(FakeSource.opened.at(-1)?.url).toBe('/api/events?since=42');
  });

  it('closes the stream when the browser goes offline and opens it from the cursor when back', async () => {
    let cursor = 7;
    const a = tab({ cursor: async () => cursor });
    await flush();
    a.win.dispatchEvent(new Event('offline'));
    expect((FakeSource.opened[0] as FakeSource).open).toBe(false);
    cursor = 12;
    a.win.dispatchEvent(new Event('online'));
    a.win.dispatchEvent(new Event('online'));
    await flush();
    expect(FakeSource.opened.map((s) => s.url)).toEqual([
      '/api/events?since=7',
      '/api/events?since=12',
    ]);
  });

  it("passes on the log's identity the stream's hello names", async () => {
    const heardLog = vi.fn();
    tab({ heardLog });
    await flush();
    (FakeSource.opened[0] as FakeSource).emit('hello', { now: Date.now(), cursor: 7, logId: 'b' });
    await flush();
    expect(heardLog).toHaveBeenCalledWith('b');
  });

  it("follows the server's clock from the stream's hello, in every tab", async () => {
    tab();
    tab();
    await flush();
    const before = getClockSnapshot();
    (FakeSource.opened[0] as FakeSource).emit('hello', { now: Date.now() + 3_600_000, cursor: 7 });
    await flush();
    expect(getClockSnapshot() - before).toBeGreaterThanOrEqual(3_599_000);
    expect(getClockSnapshot() - before).toBeLessThanOrEqual(3_601_000);
  });

  it('opens the stream again later when the server refused it', async () => {
    tab();
    await flush();
    const refused = FakeSource.opened[0] as FakeSource;
    refused.readyState = 2;
    refused.dispatchEvent(new Event('error'));
    await vi.advanceTimersByTimeAsync(5000);
    await flush();
    expect(FakeSource.opened).toHaveLength(2);
  });
});

describe("the account's own log on the live stream", () => {
  it('asks for it from the account cursor, lands its batches and refreshes the other tabs', async () => {
    const mine: [number, string][] = [];
    let account: { owner: string; cursor: number } | null = { owner: 'account:7', cursor: 40 };
    const options = {
      account: async () => account,
      applyMine: async (batch: { cursor: number }, owner: string) => {
        mine.push([batch.cursor, owner]);
      },
    };
    tab(options);
    const other = tab(options);
    await flush();
    expect(FakeSource.opened.map((s) => s.url)).toEqual(['/api/events?since=7&mine=40']);
    const source = FakeSource.opened[0] as FakeSource;
    source.emit('mine', {
      from: 40,
      cursor: 41,
      changes: [{ seq: 41, topic: 'follow', key: '3', data: { on: true } }],
    });
    source.emit('mine', { from: 41, cursor: 'x', changes: [] });
    await flush();
    expect(mine).toEqual([[41, 'account:7']]);
    expect(other.refreshed).toHaveBeenCalledTimes(1);
    // Signed out (or another account): the stream opens again for whom it now is.
    account = null;
    tabs[0]?.retarget();
    await flush();
    expect(source.open).toBe(false);
    expect(FakeSource.opened.map((s) => s.url)).toEqual([
      '/api/events?since=7&mine=40',
      '/api/events?since=7',
    ]);
    (FakeSource.opened[1] as FakeSource).emit('mine', { from: 41, cursor: 42, changes: [] });
    await flush();
    expect(mine, 'a stream that follows no account lands none').toHaveLength(1);
  });

  it("lands no batch of another account: a reconnect with another tab's session opens again", async () => {
    const mine: [number, string][] = [];
    let account = { owner: 'account:7', cursor: 40 };
    tab({
      account: async () => account,
      applyMine: async (batch: { cursor: number }, owner: string) => {
        mine.push([batch.cursor, owner]);
      },
    });
    await flush();
    const first = FakeSource.opened[0] as FakeSource;
    first.emit('hello', { now: Date.now(), cursor: 7, accountId: 7 });
    first.emit('mine', { from: 40, cursor: 41, changes: [] });
    await flush();
    expect(mine).toEqual([[41, 'account:7']]);
    // The browser reconnected by itself, with the cookie another tab signed account 8 in with:
    // its batches are not account 7's, and the stream opens again for whom it now is.
    account = { owner: 'account:8', cursor: 12 };
    first.emit('hello', { now: Date.now(), cursor: 7, accountId: 8 });
    first.emit('mine', { from: 0, cursor: 90, changes: [] });
    await flush();
    expect(mine, "account 8's batch never lands as account 7's").toEqual([[41, 'account:7']]);
    expect(first.open).toBe(false);
    expect(FakeSource.opened.map((s) => s.url)).toEqual([
      '/api/events?since=7&mine=40',
      '/api/events?since=7&mine=12',
    ]);
  });
});

describe('a live batch in the device store', () => {
  it('lands after the cursor, skips what the device has, and reports a gap', async () => {
    vi.useRealTimers();
    const db = createDbHandle();
    const ctx = { db, now: () => new Date('2026-11-25T12:00:00Z') };
    await applyServerWord(db, { changes: [], cursor: 10, at: ctx.now().toISOString() });
    const item = (seq: number): Change => ({ seq, topic: 'item', key: String(seq), data: null });
    // Entries 12 and 13 come after 11, which never reached the device: not landed.
    expect(await applyLiveBatch(ctx, { since: 11, cursor: 13, changes: [item(12)] })).toBe(false);
    expect(await readCursor(db)).toBe(10);
    // Overlapping what the device has: only the new part lands.
    expect(await applyLiveBatch(ctx, { since: 8, cursor: 12, changes: [item(9), item(12)] })).toBe(
      true,
    );
    expect(await readCursor(db)).toBe(12);
  });
});
