// @vitest-environment node
// Watched searches on the device (docs/product.md "Saved searches", docs/sync.md): watching and
// stopping land in the device store at once with their outbox mutation ('watch-search', named
// by words and filters, never a server id), offline or not; the push carries them as the server
// reads them; a refusal undoes the watch and keeps the server's words; the device refuses past
// the cap itself. (The account channel's 'saved-search' entries: account-apply.test.ts.)
import * as v from 'valibot';
import { beforeEach, describe, expect, it } from 'vitest';
import { freshStore, type TestStore } from '../../__tests__/fixtures';
import { toWire } from '../../core/outbox';
import { createDbHandle, type DbHandle } from '../../device/db';
import { ValidationError } from '../../errors';
import { accountOwner } from '../../owner';
import { applyServerWord } from '../apply';
import { readQueue } from '../own-outbox';
import { Mutation } from '@shared/protocol';
import { watched } from '@shared/__tests__/watch-search';
import { SAVED_SEARCHES_MAX, WATCH_CAP_WORDS, watchKey } from '@shared/watch';

const AT = '2026-03-01T12:00:00.000Z';
let store: TestStore;
let db: DbHandle;
beforeEach(() => {
  store = freshStore(undefined, () => accountOwner(7));
  db = createDbHandle();
});

const neon = watched({ q: 'Neon Cat', market: 'music' });
const games = watched({ category: 'Games' });
const listed = async () => (await store.data.listSavedSearches()).map((s) => s.q || s.category);

describe('watching a search on the device', () => {
  it('lands at once with its mutation, which the push carries as the server reads it', async () => {
    await store.data.setSearchWatched(neon, true);
    store.clock.advance(1000);
    await store.data.setSearchWatched(games, true);
    // The same words typed another way are the search already watched: nothing more queued.
    await store.data.setSearchWatched(watched({ q: 'neon  CAT', market: 'music' }), true);
    expect(await listed()).toEqual(['Games', 'Neon Cat']);
    const queue = await readQueue(db);
    expect(queue.map((m) => [m.kind, m.key, m.state])).toEqual([
      ['watch-search', `watch-search:${watchKey(neon)}`, 'waiting'],
      ['watch-search', `watch-search:${watchKey(games)}`, 'waiting'],
    ]);
    // Named as the collector reads it: the filter by its name, not its value in the URL.
    expect(queue[0]?.label).toBe('Watch “Neon Cat”, Music');
    for (const m of queue) expect(v.safeParse(Mutation, toWire(m)).success).toBe(true);
    expect(queue[0]?.args).toEqual({ ...neon, on: true });

    // Stopped before any push: by words and filters, no server id needed.
    await store.data.setSearchWatched(watched({ q: 'NEON cat', market: 'music' }), false);
    expect(await listed()).toEqual(['Games']);
    const after = await readQueue(db);
    expect(after.at(-1)).toMatchObject({ kind: 'watch-search', args: { ...neon, on: false } });

    // Online, the push's answer marks them synced.
    await applyServerWord(db, {
      at: AT,
      results: after.map((m) => ({ id: m.id, status: 'applied' as const })),
    });
    expect((await readQueue(db)).map((m) => m.state)).toEqual(['synced', 'synced', 'synced']);
    expect(await listed()).toEqual(['Games']);
  });

  it('undoes a watch the server refused and keeps its words for the sync panel', async () => {
    await store.data.setSearchWatched(neon, true);
    const [m] = await readQueue(db);
    await applyServerWord(db, {
      at: AT,
      results: [{ id: m?.id ?? '', status: 'refused', code: 'invalid', error: WATCH_CAP_WORDS }],
    });
    expect(await listed()).toEqual([]);
    expect(await readQueue(db)).toEqual([
      expect.objectContaining({ state: 'refused', error: WATCH_CAP_WORDS }),
    ]);
  });

  it('refuses past the cap itself, in the server’s words, queueing nothing', async () => {
    for (let n = 0; n < SAVED_SEARCHES_MAX; n += 1) {
      await store.data.setSearchWatched(watched({ q: `word${n}` }), true);
    }
    const watch = store.data.setSearchWatched(watched({ q: 'one more' }), true);
    await expect(watch).rejects.toThrow(ValidationError);
    await expect(watch).rejects.toThrow(WATCH_CAP_WORDS);
    expect(await store.data.listSavedSearches()).toHaveLength(SAVED_SEARCHES_MAX);
    expect(await readQueue(db)).toHaveLength(SAVED_SEARCHES_MAX);
    await expect(store.data.setSearchWatched(watched({}), true)).rejects.toThrow(ValidationError);
  });
});
