// @vitest-environment node
// A server whose log is not the one the device followed (docs/sync.md "Compaction": its database
// was restored and the log's identity rotated, or replaced): even with the device's cursor
// behind the newest entry, so nothing else tells, the device starts from the snapshot once,
// the snapshot's records replace what it had, and its waiting change stays, to be pushed once.
import { beforeEach, describe, expect, it } from 'vitest';
import { freshStore, makeItem, type TestStore } from '../../__tests__/fixtures';
import { createDbHandle } from '../../device/db';
import { accountOwner, PUBLIC } from '../../owner';
import { accountCursorKey, readAccountCursor } from '../../device/meta';
import { readStoredCursor } from '../apply';
import { pullAll, type CycleContext } from '../cycle';
import { readQueue } from '../own-outbox';
import { LOG_ID_KEY } from '../snapshot-end';
import { FIRST_SERVER_ITEM_ID, type Change, type PullResponse } from '@shared/protocol';

const first = FIRST_SERVER_ITEM_ID;
const item = (seq: number, id: number, title: string): Change => ({
  seq,
  topic: 'item',
  key: String(id),
  data: { ...makeItem({ id, title }), favourites: 0 },
});

let store: TestStore;
beforeEach(() => {
  store = freshStore();
});

/** A server on log `log.id`, whose newest entry is `log.newest`; records what was asked. */
function server(log: { id: string; newest: number; records: Change[] }) {
  const asked: string[] = [];
  const fetcher = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    asked.push(decodeURIComponent(url.pathname + url.search));
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
    if (url.pathname === '/api/snapshot' && !url.searchParams.get('page')?.startsWith('items:')) {
      return json({ records: log.records, cursor: log.newest, next: null, logId: log.id });
    }
    if (url.pathname === '/api/snapshot') {
      return json({ records: [], cursor: log.newest, next: null, logId: log.id });
    }
    if (url.pathname === '/api/changes') {
      const since = Number(url.searchParams.get('since'));
      const answer: PullResponse = { changes: [], cursor: since, more: false, logId: log.id };
      return json(answer);
    }
    return new Response('', { status: 404 });
  }) as typeof fetch;
  const ctx: CycleContext = {
    db: createDbHandle(),
    fetch: fetcher,
    now: () => new Date('2026-03-01T12:00:00.000Z'),
    owner: () => PUBLIC,
  };
  return { ctx, asked };
}

describe('a log with another identity', () => {
  it('starts the device over from the snapshot once, keeping its waiting change', async () => {
    // The device starts on log A and follows it to 100.
    const a = server({ id: 'log-a', newest: 100, records: [item(100, first + 1, 'On log A')] });
    expect(await pullAll(a.ctx)).toEqual({ kind: 'ok' });
    expect(await (await createDbHandle().get()).get('syncMeta', LOG_ID_KEY)).toBe('log-a');
    await store.data.toggleFavourite(first + 1);
    // The database is restored and its log rotated; it has grown past the device's cursor, so
    // the cursor alone does not tell.
    const b = server({ id: 'log-b', newest: 150, records: [item(120, first + 1, 'On log B')] });
    expect(await pullAll(b.ctx)).toEqual({ kind: 'ok' });
    expect(b.asked.slice(0, 3)).toEqual([
      '/api/changes?since=100&limit=1000',
      '/api/snapshot',
      '/api/changes?since=150&limit=1000',
    ]);
    expect(await readStoredCursor(createDbHandle())).toBe(150);
    expect(await (await createDbHandle().get()).get('syncMeta', LOG_ID_KEY)).toBe('log-b');
    expect(await store.data.getItem(first + 1)).toMatchObject({ title: 'On log B' });
    const waiting = (await readQueue(createDbHandle())).filter((m) => m.state === 'waiting');
    expect(waiting.map((m) => m.key)).toEqual([`favourite:${first + 1}`]);
    // Once: the next cycle follows log B.
    b.asked.length = 0;
    expect(await pullAll(b.ctx)).toEqual({ kind: 'ok' });
    expect(b.asked).toEqual(['/api/changes?since=150&limit=1000']);
  });

  it("forgets the account cursors: the account's log went back with the database", async () => {
    const a = server({ id: 'log-a', newest: 100, records: [item(100, first + 1, 'On log A')] });
    expect(await pullAll(a.ctx)).toEqual({ kind: 'ok' });
    const db = await createDbHandle().get();
    await db.put('syncMeta', 30, accountCursorKey(accountOwner(7)));
    // The same log again: the account cursor stays.
    expect(await pullAll(a.ctx)).toEqual({ kind: 'ok' });
    expect(await db.get('syncMeta', accountCursorKey(accountOwner(7)))).toBe(30);
    // Another log: the account's records are read as a whole at the next account pull.
    const b = server({ id: 'log-b', newest: 150, records: [item(120, first + 1, 'On log B')] });
    expect(await pullAll(b.ctx)).toEqual({ kind: 'ok' });
    expect(await db.get('syncMeta', accountCursorKey(accountOwner(7)))).toBeUndefined();
    expect(await readAccountCursor(createDbHandle(), accountOwner(7))).toBeNull();
  });

  it('keeps the identity a device from before identities hears first, and follows it', async () => {
    const handle = createDbHandle();
    const db = await handle.get();
    await db.put('syncMeta', 40, 'cursor');
    const a = server({ id: 'log-a', newest: 40, records: [] });
    expect(await pullAll(a.ctx)).toEqual({ kind: 'ok' });
    expect(a.asked).toEqual(['/api/changes?since=40&limit=1000']);
    expect(await db.get('syncMeta', LOG_ID_KEY)).toBe('log-a');
  });
});
