// @vitest-environment node
// Watched searches on the device (docs/product.md "Saved searches", docs/sync.md): watching and
// stopping land in the device store at once with their outbox mutation ('watch-search', named
// by words and filters, never a server id), offline or not; the push carries them as the server
// reads them; a refusal undoes the watch and keeps the server's words; the device refuses past
// the cap itself; the account channel's 'saved-search' entries and GET /api/me land them, a
// waiting change of this device keeping its word; another account never sees them.
import * as v from 'valibot';
import { beforeEach, describe, expect, it } from 'vitest';
import { freshStore, type TestStore } from '../../__tests__/fixtures';
import { toWire } from '../../core/outbox';
import { createDbHandle, type DbHandle } from '../../device/db';
import { ValidationError } from '../../errors';
import { accountOwner, type Owner } from '../../owner';
import { applyAccountChanges, applyAccountWhole } from '../account-apply';
import { applyServerWord } from '../apply';
import { readQueue } from '../cycle';
import type { AccountChange } from '@shared/account-channel';
import { Mutation } from '@shared/protocol';
import { SAVED_SEARCHES_MAX, WATCH_CAP_WORDS, watchKey, type WatchedSearch } from '@shared/watch';

const me = accountOwner(7);
const AT = '2026-03-01T12:00:00.000Z';
let store: TestStore;
let owner: Owner = me;
let db: DbHandle;
beforeEach(() => {
  owner = me;
  store = freshStore(undefined, () => owner);
  db = createDbHandle();
});

const search = (fields: Partial<WatchedSearch>): WatchedSearch => ({
  q: '',
  category: null,
  market: null,
  sale: null,
  ...fields,
});
const neon = search({ q: 'Neon Cat', market: 'music' });
const games = search({ category: 'Games' });
const listed = async () => (await store.data.listSavedSearches()).map((s) => s.q || s.category);

let seq = 0;
const entry = (key: string, data: unknown): AccountChange => ({
  seq: ++seq,
  topic: 'saved-search',
  key,
  data,
});
const land = (...changes: AccountChange[]) =>
  applyAccountChanges(db, { owner: me, changes, cursor: seq, at: AT });

describe('watching a search on the device', () => {
  it('lands at once with its mutation, which the push carries as the server reads it', async () => {
    await store.data.setSearchWatched(neon, true);
    store.clock.advance(1000);
    await store.data.setSearchWatched(games, true);
    // The same words typed another way are the search already watched: nothing more queued.
    await store.data.setSearchWatched(search({ q: 'neon  CAT', market: 'music' }), true);
    expect(await listed()).toEqual(['Games', 'Neon Cat']);
    const queue = await readQueue(db);
    expect(queue.map((m) => [m.kind, m.key, m.state])).toEqual([
      ['watch-search', `watch-search:${watchKey(neon)}`, 'waiting'],
      ['watch-search', `watch-search:${watchKey(games)}`, 'waiting'],
    ]);
    expect(queue[0]?.label).toBe('Watch “Neon Cat”, music');
    for (const m of queue) expect(v.safeParse(Mutation, toWire(m)).success).toBe(true);
    expect(queue[0]?.args).toEqual({ ...neon, on: true });

    // Stopped before any push: by words and filters, no server id needed.
    await store.data.setSearchWatched(search({ q: 'NEON cat', market: 'music' }), false);
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
      await store.data.setSearchWatched(search({ q: `word${n}` }), true);
    }
    const watch = store.data.setSearchWatched(search({ q: 'one more' }), true);
    await expect(watch).rejects.toThrow(ValidationError);
    await expect(watch).rejects.toThrow(WATCH_CAP_WORDS);
    expect(await store.data.listSavedSearches()).toHaveLength(SAVED_SEARCHES_MAX);
    expect(await readQueue(db)).toHaveLength(SAVED_SEARCHES_MAX);
    await expect(store.data.setSearchWatched(search({}), true)).rejects.toThrow(ValidationError);
  });
});

describe('the account channel', () => {
  it('lands a search saved and removed on another device, checked by its key', async () => {
    await land(entry(watchKey(neon), neon), entry(watchKey(games), games));
    expect(new Set(await listed())).toEqual(new Set(['Neon Cat', 'Games']));
    // A key that is not the search's own is skipped; a removal takes it off.
    await land(entry('not its key', search({ q: 'other' })), entry(watchKey(games), null));
    expect(await listed()).toEqual(['Neon Cat']);
  });

  it('keeps the word of a change this device still waits to push', async () => {
    await store.data.setSearchWatched(neon, true);
    await land(entry(watchKey(neon), null));
    expect(await listed()).toEqual(['Neon Cat']);
  });

  it('lands GET /api/me as the whole list, newest first', async () => {
    await land(entry(watchKey(games), games));
    await applyAccountWhole(
      db,
      me,
      {
        favourites: [],
        follows: [],
        profile: {},
        bids: [],
        purchases: [],
        cursor: seq,
        savedSearches: [neon, search({ q: 'glow', sale: 'auctions' }), { q: 5 }],
      },
      AT,
    );
    expect(await listed()).toEqual(['Neon Cat', 'glow']);
  });

  it('shows another account none of them', async () => {
    await land(entry(watchKey(neon), neon));
    owner = accountOwner(8);
    expect(await store.data.listSavedSearches()).toEqual([]);
    owner = me;
    expect(await listed()).toEqual(['Neon Cat']);
  });
});
