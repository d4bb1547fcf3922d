// A backup restores (docs/operations.md "Backups"): pg_dump of a database with every migration,
// a catalogue, uploaded creators and a search index, restored with pg_restore into an empty
// database, holds the same rows, and the lists and searches answer the same from it. A restore
// computes generated columns and triggers with an empty search_path, so a function of ours that
// names another without its schema would fail here (as artmint_search_key once did).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../catalog/seed.ts';
import { listCreators, parseCreatorQuery } from '../catalog/creator-lists.ts';
import { parseListQuery } from '../catalog/item-query.ts';
import { listItems } from '../catalog/lists.ts';
import type { Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { seedCreators } from '../scale/creators.ts';
import { seedItems } from '../scale/items.ts';
import { logIdentity, rotateLogId } from '../sync/compaction.ts';
import { cluster, freshDatabase } from './support.ts';

const run = promisify(execFile);

let source: Awaited<ReturnType<typeof freshDatabase>>;
let restored: Awaited<ReturnType<typeof freshDatabase>>;
const folder = mkdtempSync(join(tmpdir(), 'artmint-backup-'));

beforeAll(async () => {
  source = await freshDatabase();
  restored = await freshDatabase();
  await migrate(source.db);
  await seedIfEmpty(source.db);
  await seedItems(source.db, { items: 300 });
  await seedCreators(source.db, 50);
  const { pgBin } = cluster();
  const dump = join(folder, 'artmint.dump');
  await run(join(pgBin, 'pg_dump'), ['--format=custom', '--file', dump, source.url]);
  await run(join(pgBin, 'pg_restore'), [
    '--no-owner',
    '--exit-on-error',
    '--dbname',
    restored.url,
    dump,
  ]);
}, 120_000);

afterAll(async () => {
  await source?.drop();
  await restored?.drop();
  rmSync(folder, { recursive: true, force: true });
});

async function counts(db: Database) {
  const { rows } = await db.query<Record<string, number>>(
    `SELECT (SELECT count(*) FROM items)::int AS items, (SELECT count(*) FROM creators)::int AS creators,
       (SELECT count(*) FROM item_search)::int AS search, (SELECT count(*) FROM images)::int AS images`,
  );
  return rows[0];
}

async function answers(db: Database) {
  const items = parseListQuery((name) => ({ q: 'neon', pageSize: '8' })[name]);
  const creators = parseCreatorQuery((name) => ({ q: 'ada', pageSize: '8' })[name]);
  if (!items.ok || !creators.ok) throw new Error('not a query');
  return {
    items: (await listItems(db, items.query)).items.map((item) => item.id),
    creators: (await listCreators(db, creators.query)).creators.map((creator) => creator.id),
  };
}

describe('a backup', () => {
  it('restores with pg_restore and answers as the database it was taken from', async () => {
    expect(await counts(restored.db)).toEqual(await counts(source.db));
    const before = await answers(source.db);
    expect(before.items.length).toBeGreaterThan(0);
    expect(before.creators.length).toBeGreaterThan(0);
    expect(await answers(restored.db)).toEqual(before);
  });

  it("brings the log's identity back unchanged, and the restore step gives it a new one", async () => {
    const followed = await logIdentity(source.db);
    expect(await logIdentity(restored.db)).toBe(followed);
    const rotated = await rotateLogId(restored.db);
    expect(rotated).not.toBe(followed);
    expect(await logIdentity(restored.db)).toBe(rotated);
    expect(await counts(restored.db)).toEqual(await counts(source.db));
  });
});
