// The creators' search on the server ranks as the device does (shared/query.ts rankMatch, docs/
// database.md "Lists and search"): for a table of names, handles and queries, the creators GET
// /api/creators?q= answers are the best the device's rankSearch finds over the same creators, rank
// for rank, on PGlite or on PostgreSQL under DATABASE_URL. Within a rank the two orders may
// differ (the server lists the starts in name order, the device keeps its own); the device ranks
// the server's answer again when it shows it.
import { afterAll, describe, expect, it } from 'vitest';
import { rankMatch, rankSearch, searchKey, type SearchCandidate } from '../../shared/query.ts';
import type { Creator } from '../../shared/types.ts';
import { openPglite, type Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { newPostgresDatabase } from '../test/harness.ts';
import { listCreators, parseCreatorQuery } from './creator-lists.ts';

const CREATORS: readonly (readonly [name: string, handle: string])[] = [
  ['Søren Kierkegaard', '@soren_k'],
  ['Ada Lovelace', '@ada'],
  ['Łukasz Żak', '@lukasz'],
  ['Anna Straße', '@strasse'],
  ['Æsa Ørsted', '@aesa'],
  ['Zoë Œuvre', '@zoe'],
  ['Þóra Ðís', '@thora'],
  ['Hannah Sørensen', '@hanna_s'],
  ['Danna Lukas', '@dl'],
  ['Márta Anna', '@marta'],
  ['Bo Ana', '@banana'],
  ['Ирина Соколова', '@irina'],
  ['Σοφία Ανάστη', '@sofia'],
  ['Mo Ng', '@adafan'],
  ['Kit Firefox', '@firefox'],
  ['Ray Vance', '@neon_fox'],
  ['Foxglove Studio', '@foxglove'],
];

const QUERIES = [
  'Søren',
  'soren',
  'SØR',
  'ørsted',
  'Łukasz',
  'lukas',
  'strasse',
  'Straße',
  'ann',
  'anna',
  'ada',
  'æsa',
  'aesa',
  'zoe',
  'œuvre',
  'thora',
  'Þóra',
  'ирина',
  'σοφια',
  'ana',
  'na',
  'xq',
  'fox',
];

const opened = process.env.DATABASE_URL
  ? await newPostgresDatabase(process.env.DATABASE_URL, 'artmint_ranking_test')
  : { db: await openPglite(null), drop: async () => undefined };
const db: Database = opened.db;
await migrate(db);
// Ids in the list's order (sample creators: ascending ids).
await db.query(
  `INSERT INTO creators (id, data)
   SELECT n, jsonb_build_object('id', n, 'name', c->>0, 'handle', c->>1)
   FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS x(c, n)`,
  [JSON.stringify(CREATORS)],
);
afterAll(async () => {
  await db.close();
  await opened.drop();
});

const candidates: SearchCandidate[] = CREATORS.map(([name, handle], i) => ({
  hit: { kind: 'creator', id: i + 1, title: name, subtitle: handle, image: '' },
  texts: [name, handle],
}));

/** The device's rank of a creator for `q`: the best of its name's and its handle's. */
function rankOf(id: number, q: string) {
  const ranks = (candidates[id - 1]?.texts ?? []).map((text) => rankMatch(text, q) ?? 3);
  return Math.min(...ranks);
}

async function serverIds(q: string, limit: number) {
  const parsed = parseCreatorQuery((name) => ({ q, pageSize: String(limit) })[name]);
  if (!parsed.ok) throw new Error(parsed.error);
  return (await listCreators(db, parsed.query)).creators.map((c: Creator) => c.id);
}

describe('a search of creators ranks as the device does', () => {
  it.each(QUERIES)('%j: the same creators, rank for rank', async (q) => {
    for (const limit of [CREATORS.length, 3]) {
      // Under three letters the server has no trigram: it answers the starts alone.
      const short = searchKey(q).length < 3;
      const device = rankSearch(candidates, q, limit)
        .map((hit) => hit.id)
        .filter((id) => !short || rankOf(id, q) === 0);
      const server = await serverIds(q, limit);
      expect(
        server.map((id) => rankOf(id, q)),
        `${q} (${limit})`,
      ).toEqual(device.map((id) => rankOf(id, q)));
      if (limit === CREATORS.length) expect([...server].sort()).toEqual([...device].sort());
    }
  });

  it('finds Søren typed exactly, as folded and as its handle', async () => {
    for (const q of ['Søren', 'soren', 'SØREN K', 'soren_k']) {
      expect((await serverIds(q, 1))[0], q).toBe(1);
    }
  });
});
