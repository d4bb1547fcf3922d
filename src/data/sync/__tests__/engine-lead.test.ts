import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { joinEngine, type EngineLink } from '../engine-lead';
import type { LeadMessage, SharedVisibility } from '../engine-host';
import { getSyncStatus, type SyncStatus } from '../../core/status';
import { notifyLocalWrite } from '../../core/signal';
import { accountOwner, type Owner } from '../../owner';
import { channels, FakeLocks, flush, visibility } from './tabs';

// Several tabs of one browser join one engine (engine-lead.ts): Web Locks and the
// BroadcastChannel are in-memory stand-ins shared by the test's tabs (tabs.ts); each tab has its
// own status, as each page has its own module. The engine itself is engine.test.ts's; the
// end-to-end test runs three tabs of Chromium on the real server (tests/engine-tabs.spec.ts).

const SESSION: Owner = accountOwner(100000);

function statusStore() {
  // Each tab's own, as it starts in a page.
  let status: SyncStatus = { ...getSyncStatus() };
  const listeners = new Set<() => void>();
  return {
    get: () => status,
    set(patch: Partial<SyncStatus>) {
      status = { ...status, ...patch };
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A host's status message: online, with its id and its count of store changes. */
const online = (host: string, changes: number): LeadMessage => ({
  v: 1,
  type: 'status',
  host,
  status: { mode: 'online', pushing: false, limit: null },
  session: SESSION,
  changes,
});

let locks: FakeLocks;
let newChannel: ReturnType<typeof channels>;
let links: EngineLink[];

/** A worker of a tab: started by the tab that leads, ended with it; `fail` as a worker that
 * could not load. */
interface FakeWorker {
  started: number;
  stopped: number;
  fail?: () => void;
}

function tab(name: string, options: { locks?: null; worker?: FakeWorker } = {}) {
  const status = statusStore();
  const page = visibility();
  const engine = {
    kicks: 0,
    stopped: false,
    visibility: null as SharedVisibility | null,
  };
  const counts = vi.fn<(session: Owner | null) => Promise<void>>(async () => undefined);
  const link = joinEngine({
    start(shared) {
      engine.visibility = shared;
      return {
        kick: () => (engine.kicks += 1),
        stop: () => (engine.stopped = true),
        session: () => SESSION,
      };
    },
    counts,
    spawn: options.worker
      ? (failed) => {
          const worker = options.worker as FakeWorker;
          worker.started += 1;
          worker.fail = failed;
          return { stop: () => (worker.stopped += 1) };
        }
      : undefined,
    locks: options.locks === null ? null : (locks as unknown as LockManager),
    channel: newChannel() as unknown as BroadcastChannel,
    doc: page.doc as unknown as Document,
    win: new EventTarget() as unknown as Window,
    status,
    tab: name,
  });
  links.push(link);
  return { link, engine, status, page, counts };
}

beforeEach(() => {
  vi.useFakeTimers();
  locks = new FakeLocks();
  newChannel = channels();
  links = [];
});

afterEach(() => {
  for (const link of links) link.stop();
  vi.useRealTimers();
});

describe('one engine for the tabs of a browser', () => {
  it('runs in the first tab only; the others kick it', async () => {
    const tabs = [tab('a'), tab('b'), tab('c')];
    await flush();
    expect(tabs.map((t) => t.link.leads())).toEqual([true, false, false]);
    expect(tabs.map((t) => t.engine.visibility !== null)).toEqual([true, false, false]);

    tabs[1]?.link.kick();
    tabs[2]?.link.kick();
    await flush();
    expect(tabs[0]?.engine.kicks).toBe(2);
  });

  it('a write in a following tab counts there and kicks the leading engine', async () => {
    const tabs = [tab('a'), tab('b'), tab('c')];
    await flush();
    tabs[1]?.counts.mockClear();
    notifyLocalWrite();
    await flush();
    // Each following tab heard the write (one module here; one per page in a browser).
    expect(tabs[0]?.engine.kicks).toBe(2);
    expect(tabs[1]?.counts).toHaveBeenCalled();
  });

  it("the leading tab's status and its store changes reach the others", async () => {
    const [a, b] = [tab('a'), tab('b')];
    await flush();
    expect(b.status.get().mode).toBe('starting');

    a.status.set({ mode: 'online', pushing: true });
    await flush();
    expect(b.status.get()).toMatchObject({ mode: 'online', pushing: true });
    expect(b.counts).toHaveBeenLastCalledWith(SESSION);
    const before = b.status.get().version;

    a.status.set({ version: a.status.get().version + 1 });
    await flush();
    expect(b.status.get().version, 'the follower reads its screens again').toBe(before + 1);

    // The leader's own counts are its own: not copied to the follower.
    a.status.set({ waiting: 5 });
    await flush();
    expect(b.status.get().waiting).toBe(0);
  });

  it('when the leading tab goes, the next tab runs the engine', async () => {
    const [a, b, c] = [tab('a'), tab('b'), tab('c')];
    await flush();
    a.link.stop();
    await flush();
    expect(a.engine.stopped).toBe(true);
    expect([b.link.leads(), c.link.leads()]).toEqual([true, false]);

    c.link.kick();
    await flush();
    expect(b.engine.kicks).toBe(1);
    expect(a.engine.kicks).toBe(0);
  });

  it('the live stream sees the browser visible while any tab is', async () => {
    const [a, b] = [tab('a'), tab('b')];
    await flush();
    const shared = a.engine.visibility;
    const changes = vi.fn();
    shared?.addEventListener('visibilitychange', changes);

    a.page.set('hidden');
    await flush();
    expect(shared?.visibilityState, 'b is visible').toBe('visible');
    b.page.set('hidden');
    await flush();
    expect(shared?.visibilityState).toBe('hidden');
    expect(changes).toHaveBeenCalledTimes(1);
    b.page.set('visible');
    await flush();
    expect(shared?.visibilityState).toBe('visible');
    b.link.stop();
    await flush();
    expect(shared?.visibilityState, 'b went away').toBe('hidden');
  });

  it("the leading tab's worker runs the engine; the tab follows it as the others do", async () => {
    const worker: FakeWorker = { started: 0, stopped: 0 };
    const a = tab('a', { worker });
    const b = tab('b', { worker });
    await flush();
    expect(worker.started, 'one worker, for the leading tab').toBe(1);
    expect([a.link.leads(), b.link.leads()]).toEqual([true, false]);
    expect(a.engine.visibility, 'no engine on the page thread').toBeNull();

    // The worker speaks on the channel as a host: both tabs hear its status.
    const host = newChannel();
    host.postMessage(online('worker', 3));
    await flush();
    expect([a.status.get().mode, b.status.get().mode]).toEqual(['online', 'online']);
    const kicks: unknown[] = [];
    host.onmessage = (event) => kicks.push(event.data);
    // Each tab tells a new host whether it is shown (the stream follows that).
    host.postMessage(online('worker 2', 0));
    await flush();
    expect(kicks.filter((m) => (m as { type: string }).type === 'visible')).toHaveLength(2);
    a.link.kick();
    b.link.kick();
    await flush();
    expect(kicks.filter((m) => (m as { type: string }).type === 'kick')).toHaveLength(2);

    a.link.stop();
    await flush();
    expect(worker.stopped).toBe(1);
    expect(worker.started, "the next tab's worker").toBe(2);
    host.close();
  });

  it('a worker that cannot run leaves the engine to the tab', async () => {
    const worker: FakeWorker = { started: 0, stopped: 0 };
    const a = tab('a', { worker });
    await flush();
    expect(a.engine.visibility).toBeNull();
    worker.fail?.();
    await flush();
    expect(a.engine.visibility, 'the engine on the page thread').not.toBeNull();
    const b = tab('b');
    await flush();
    b.link.kick();
    await flush();
    expect(a.engine.kicks).toBe(1);
  });

  it('without Web Locks each tab runs its own engine', async () => {
    const tabs = [tab('a', { locks: null }), tab('b', { locks: null })];
    await flush();
    expect(tabs.map((t) => t.link.leads())).toEqual([true, true]);
    tabs[1]?.link.kick();
    expect(tabs.map((t) => t.engine.kicks)).toEqual([0, 1]);
  });
});
