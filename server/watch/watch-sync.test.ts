// Watching a search through the outbox (docs/product.md "Saved searches", docs/sync.md): the
// mutation 'watch-search' saves explore's words and filters once (the same words typed another
// way are the one saved), is applied once by its id, stops watching by words and filters (no
// server id), refuses words too common and a search past the cap with today's words, and writes
// each save and removal to the account's log (topic 'saved-search', keyed by watchKey) and to
// GET /api/me, never another account's.
import { describe, expect, it } from 'vitest';
import type { AccountChange, AccountPullResponse } from '../../shared/account-channel.ts';
import type { MeResponse } from '../../shared/protocol.ts';
import type { SavedSearch } from '../../shared/saved-search.ts';
import {
  SAVED_SEARCHES_MAX,
  TOO_COMMON_WORDS,
  WATCH_CAP_WORDS,
  watchKey,
  type WatchedSearch,
} from '../../shared/watch.ts';
import { watched } from '../../shared/__tests__/watch-search.ts';
import { serverWithAccounts } from '../test/accounts.ts';
import type { TestClient } from '../test/harness.ts';
import { mutation, push, pushOne } from '../test/sync-fixtures.ts';

const {
  server,
  clients: [ada, bob],
} = await serverWithAccounts('Ada', 'Bob');

const watchOf = (fields: Partial<WatchedSearch>, on = true) =>
  mutation('watch-search', { ...watched(fields), on });

async function listed(client: TestClient): Promise<SavedSearch[]> {
  const response = await client.get('/api/saved-searches');
  return ((await response.json()) as { searches: SavedSearch[] }).searches;
}

async function me(client: TestClient): Promise<MeResponse> {
  return (await (await client.get('/api/me')).json()) as MeResponse;
}

/** The account's saved-search entries after `since`. */
async function logAfter(client: TestClient, since: number): Promise<AccountChange[]> {
  const response = await client.get(`/api/me/changes?since=${since}`);
  const page = (await response.json()) as AccountPullResponse;
  return page.changes.filter((change) => change.topic === 'saved-search');
}

describe('the mutation watch-search', () => {
  it('saves once, is applied once by its id, and logs the save and the removal', async () => {
    const since = (await me(ada)).cursor ?? 0;
    const bobSince = (await me(bob)).cursor ?? 0;
    const first = watchOf({ q: 'Lantern Glow', sale: 'auctions' });
    expect(await pushOne(ada, first)).toMatchObject({ status: 'applied' });
    // The same mutation again is answered from its id; the same words typed another way are
    // the search already saved.
    expect(await pushOne(ada, first)).toMatchObject({ status: 'applied' });
    expect(await pushOne(ada, watchOf({ q: 'lantern   GLOW', sale: 'auctions' }))).toMatchObject({
      status: 'applied',
    });
    expect(await listed(ada)).toMatchObject([{ q: 'Lantern Glow', sale: 'auctions' }]);
    const saved = watched({ q: 'Lantern Glow', sale: 'auctions' });
    expect((await me(ada)).savedSearches).toEqual([saved]);
    const key = watchKey(saved);
    expect((await logAfter(ada, since)).map(({ key, data }) => ({ key, data }))).toEqual([
      { key, data: saved },
    ]);

    // Stopped by its words and filters, typed another way.
    const off = watchOf({ q: 'LANTERN glow', sale: 'auctions' }, false);
    expect(await pushOne(ada, off)).toMatchObject({ status: 'applied' });
    expect(await listed(ada)).toEqual([]);
    expect((await me(ada)).savedSearches).toEqual([]);
    expect((await logAfter(ada, since)).map(({ key, data }) => ({ key, data }))).toEqual([
      { key, data: saved },
      { key, data: null },
    ]);
    // Stopping a search not watched changes and logs nothing; Bob's log has none of Ada's.
    expect(await pushOne(ada, watchOf({ q: 'nothing' }, false))).toMatchObject({
      status: 'applied',
    });
    expect(await logAfter(ada, since)).toHaveLength(2);
    expect(await logAfter(bob, bobSince)).toEqual([]);
  });

  it('logs the removal by the route too', async () => {
    const since = (await me(ada)).cursor ?? 0;
    await pushOne(ada, watchOf({ category: 'Music' }));
    const [music] = await listed(ada);
    await ada.request(`/api/saved-searches/${music?.id}`, { method: 'DELETE' });
    const entries = await logAfter(ada, since);
    expect(entries.map((entry) => entry.data)).toEqual([watched({ category: 'Music' }), null]);
    expect(entries[1]?.key).toBe(watchKey(watched({ category: 'Music' })));
  });

  it('refuses words too common, nothing to watch, signed out, and past the cap', async () => {
    expect(await pushOne(bob, watchOf({ q: 'the and' }))).toMatchObject({
      status: 'refused',
      code: 'invalid',
      error: TOO_COMMON_WORDS,
    });
    expect(await pushOne(bob, watchOf({}))).toMatchObject({ status: 'refused', code: 'invalid' });
    expect((await push(server.client(), watchOf({ q: 'glow' }))).status).toBe(401);
    for (let n = 0; n < SAVED_SEARCHES_MAX; n += 1) {
      expect(await pushOne(bob, watchOf({ q: `word${n}` }))).toMatchObject({ status: 'applied' });
    }
    const since = (await me(bob)).cursor ?? 0;
    expect(await pushOne(bob, watchOf({ q: 'one more' }))).toEqual(
      expect.objectContaining({ status: 'refused', code: 'invalid', error: WATCH_CAP_WORDS }),
    );
    // A search already saved is still answered as saved at the cap; nothing was logged.
    expect(await pushOne(bob, watchOf({ q: 'WORD3' }))).toMatchObject({ status: 'applied' });
    expect(await logAfter(bob, since)).toEqual([]);
    expect(await listed(bob)).toHaveLength(SAVED_SEARCHES_MAX);
  });
});
