// One folding of search words (docs/database.md "Folding"): the database's artmint_fold and
// artmint_search_key answer what the app's foldText and searchKey (shared/fold.ts) answer, for a
// table of words (ø, ł, ß, æ, œ, đ, þ, ð, ı, accents, case, Greek, Cyrillic, combining marks,
// ligatures) and for every character of the blocks the folding covers, on PGlite or on
// PostgreSQL under DATABASE_URL (whatever its locale: initdb --no-locale there).
import { afterAll, describe, expect, it } from 'vitest';
import { foldText, searchKey } from '../../shared/fold.ts';
import { FOLDED_WORDS } from '../../shared/__tests__/fold-words.ts';
import { newPostgresDatabase } from '../test/harness.ts';
import { openPglite, type Database } from './database.ts';
import { migrate } from './migrate.ts';

const opened = process.env.DATABASE_URL
  ? await newPostgresDatabase(process.env.DATABASE_URL, 'artmint_fold_test')
  : { db: await openPglite(null), drop: async () => undefined };
const db: Database = opened.db;
await migrate(db);
afterAll(async () => {
  await db.close();
  await opened.drop();
});

async function inDatabase(texts: readonly string[]) {
  const { rows } = await db.query<{ folded: string; key: string }>(
    `SELECT artmint_fold(t) AS folded, artmint_search_key(t) AS key
     FROM unnest($1::text[]) WITH ORDINALITY AS x(t, n) ORDER BY n`,
    [texts],
  );
  return rows;
}

/** Every character from `from` to `to` (no surrogates), in runs of 24 behind an "a". */
function sweep(from: number, to: number): string[] {
  const runs: string[] = [];
  for (let start = from; start <= to; start += 24) {
    let run = 'a';
    for (let cp = start; cp <= Math.min(to, start + 23); cp += 1) {
      if (cp < 0xd800 || cp > 0xdfff) run += String.fromCodePoint(cp);
    }
    runs.push(run);
  }
  return runs;
}

describe('the database folds as the app does', () => {
  it('a table of words, ø, ł, ß and æ among them', async () => {
    const words = FOLDED_WORDS.map(([word]) => word);
    const expected = FOLDED_WORDS.map(([, folded, key]) => ({ folded, key }));
    expect(words.map((word) => ({ folded: foldText(word), key: searchKey(word) }))).toEqual(
      expected,
    );
    expect(await inDatabase(words)).toEqual(expected);
  });

  it('every character of Latin, Greek, Cyrillic, the punctuation, the symbols and the forms', async () => {
    const runs = [
      ...sweep(0x20, 0x052f),
      ...sweep(0x1e00, 0x1fff),
      ...sweep(0x2000, 0x2bff),
      ...sweep(0x2e00, 0x2e7f),
      ...sweep(0x3000, 0x30ff),
      ...sweep(0xfb00, 0xfffd),
      ...sweep(0x1f300, 0x1f64f),
    ];
    const app = runs.map((run) => ({ folded: foldText(run), key: searchKey(run) }));
    const database = await inDatabase(runs);
    // Runs that differ, with their characters, so that a failure names them.
    const differ = runs
      .map((run, i) => ({ run, app: app[i], database: database[i] }))
      .filter((row) => JSON.stringify(row.app) !== JSON.stringify(row.database));
    expect(differ).toEqual([]);
    expect(database).toHaveLength(runs.length);
  });
});
