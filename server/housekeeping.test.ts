// The housekeeping's pruning of search_words (the near misses a search tries), on the real
// database: a word goes with the last item whose title has it (deleted, or its title changed),
// a word of a live item stays, and, on PostgreSQL, a word an item being written takes is never
// deleted under it.
import { describe, expect, it } from 'vitest';
import type { Sql } from './db/database.ts';
import { runHousekeeping } from './housekeeping.ts';
import { serverWithAccounts } from './test/accounts.ts';
import { makeItem } from './test/sync-fixtures.ts';

const { server } = await serverWithAccounts();

const retitle = (db: Sql, id: number, title: string) =>
  db.query(`UPDATE items SET data = jsonb_set(data, '{title}', to_jsonb($1::text)) WHERE id = $2`, [
    title,
    id,
  ]);

async function known(words: string[]): Promise<string[]> {
  const { rows } = await server.db.query<{ word: string }>(
    'SELECT word FROM search_words WHERE word = ANY($1::text[]) ORDER BY word',
    [words],
  );
  return rows.map((row) => row.word);
}

describe('search_words', () => {
  it('loses the words of a deleted item and of a changed title, and keeps the live ones', async () => {
    const deleted = await makeItem(server, { saleKind: 'offers' });
    const renamed = await makeItem(server, { saleKind: 'offers' });
    const kept = await makeItem(server, { saleKind: 'offers' });
    await retitle(server.db, deleted, 'Zephyrquartz lantern');
    await retitle(server.db, renamed, 'Quillobrand dawn');
    await retitle(server.db, kept, 'Marrowlight the harbour');
    const words = ['zephyrquartz', 'quillobrand', 'marrowlight', 'harbour', 'the'];
    expect(await known(words)).toEqual([...words].sort());

    await server.db.query('DELETE FROM items WHERE id = $1', [deleted]);
    await retitle(server.db, renamed, 'Plain dawn');
    const counts = await runHousekeeping(server.db);
    expect(counts.searchWords).toBeGreaterThanOrEqual(2);
    // A stop word has no stem to look a title up by: it stays, whatever has it.
    expect(await known(words)).toEqual(['harbour', 'marrowlight', 'the']);
    expect(await known(['plain', 'dawn'])).toEqual(['dawn', 'plain']);

    // A near miss of a pruned word finds nothing; of a live one, its item.
    const search = async (q: string) =>
      (await (await server.client().get(`/api/items?q=${q}`)).json()) as {
        items: { id: number }[];
      };
    expect((await search('zephyrquarts')).items).toEqual([]);
    expect((await search('marowlight')).items.map((item) => item.id)).toEqual([kept]);
  });

  it.runIf(server.db.kind === 'postgres')(
    'never deletes a word that an item being written takes',
    async () => {
      const first = await makeItem(server, { saleKind: 'offers' });
      const second = await makeItem(server, { saleKind: 'offers' });
      // The word is there, and no item has it.
      await retitle(server.db, first, 'Vorpalwick glow');
      await retitle(server.db, first, 'Ordinary glow');
      let commit!: () => void;
      const held = new Promise<void>((resolve) => (commit = resolve));
      let taken!: () => void;
      const written = new Promise<void>((resolve) => (taken = resolve));
      // Another item takes it, and its transaction is still open while the housekeeping runs.
      const writing = server.db.transaction(async (tx) => {
        await retitle(tx, second, 'Vorpalwick lamp');
        taken();
        await held;
      });
      await written;
      await runHousekeeping(server.db);
      commit();
      await writing;
      expect(await known(['vorpalwick'])).toEqual(['vorpalwick']);
      await runHousekeeping(server.db);
      expect(await known(['vorpalwick'])).toEqual(['vorpalwick']);
    },
  );
});
