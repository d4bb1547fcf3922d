// The database functions, one current file each (server/migrations/functions/, docs/database.md
// "Functions"): applied after the numbered migrations when new, changed or gone, on PGlite or on
// PostgreSQL under DATABASE_URL.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { newPostgresDatabase } from '../test/harness.ts';
import { openPglite, type Database } from './database.ts';
import { functionFiles, migrateAll, migrationFiles } from './migrate.ts';

const ALL = fileURLToPath(new URL('../migrations/', import.meta.url));
const FUNCTIONS = join(ALL, 'functions');

async function open(prefix: string) {
  return process.env.DATABASE_URL
    ? newPostgresDatabase(process.env.DATABASE_URL, prefix)
    : { db: await openPglite(null), drop: async () => undefined };
}

const opened = await open('artmint_functions_test');
const db: Database = opened.db;
const folder = mkdtempSync(join(tmpdir(), 'artmint-functions-'));
afterAll(async () => {
  await db.close();
  await opened.drop();
  rmSync(folder, { recursive: true, force: true });
});

/** A copy of the migrations: the numbered ones `keep` picks, and the function files. */
function copyMigrations(name: string, keep: (file: string) => boolean, functions: boolean) {
  const dir = join(folder, name);
  mkdirSync(join(dir, 'functions'), { recursive: true });
  for (const file of migrationFiles().filter(keep)) copyFileSync(join(ALL, file), join(dir, file));
  if (functions) {
    for (const fn of functionFiles()) {
      copyFileSync(join(FUNCTIONS, `${fn}.sql`), join(dir, 'functions', `${fn}.sql`));
    }
  }
  return dir;
}

/** The body of the function a file makes, as written between its first and last $$. */
function bodyOf(file: string) {
  const sql = readFileSync(file, 'utf8');
  return sql.slice(sql.indexOf('$$') + 2, sql.lastIndexOf('$$'));
}

async function bodyInDatabase(name: string) {
  const { rows } = await db.query<{ body: string }>(
    'SELECT prosrc AS body FROM pg_proc WHERE proname = $1',
    [name],
  );
  return rows.map((row) => row.body);
}

describe('the function files', () => {
  it('bring a database from migration 008 to every function as its file has it, once', async () => {
    // Before 009 (the limited bid) and 011 (the bid as it is): the bid of 006.
    const at008 = copyMigrations('at-008', (file) => file < '009', false);
    expect((await migrateAll(db, at008)).functions).toEqual([]);
    expect(await bodyInDatabase('artmint_place_bid_limited')).toEqual([]);
    const [old] = await bodyInDatabase('artmint_place_bid');
    expect(old).not.toContain('made an offer of');

    const upgrade = await migrateAll(db);
    expect(upgrade.migrations).toEqual(migrationFiles().filter((file) => file >= '009'));
    expect(upgrade.functions).toEqual(functionFiles());
    expect(functionFiles()).toContain('artmint_place_bid');
    for (const name of functionFiles()) {
      expect(await bodyInDatabase(name)).toEqual([bodyOf(join(FUNCTIONS, `${name}.sql`))]);
    }
    // The bid's SQL is read in one file: its comments are in the database's body too.
    const [bid] = await bodyInDatabase('artmint_place_bid');
    expect(bid).toContain("-- The log's lock, held from here to this statement's commit.");

    expect(await migrateAll(db)).toEqual({ migrations: [], functions: [] });
  });

  it('apply a changed file again, a function dropped again, and leave a removed file’s', async () => {
    const dir = copyMigrations('changed', () => true, true);
    // The copy is what is applied already: nothing to do.
    expect(await migrateAll(db, dir)).toEqual({ migrations: [], functions: [] });

    const file = join(dir, 'functions', 'artmint_title_words.sql');
    writeFileSync(file, readFileSync(file, 'utf8').replace('length(w) <= 40', 'length(w) <= 12'));
    expect(await migrateAll(db, dir)).toEqual({
      migrations: [],
      functions: ['artmint_title_words'],
    });
    const words = await db.query<{ w: string }>(
      "SELECT w FROM artmint_title_words('a quintessentially neon cat') AS w ORDER BY w",
    );
    expect(words.rows.map((row) => row.w)).toEqual(['a', 'cat', 'neon']);
    expect(await migrateAll(db, dir)).toEqual({ migrations: [], functions: [] });

    await db.query('DROP FUNCTION artmint_title_words(text)');
    expect((await migrateAll(db, dir)).functions).toEqual(['artmint_title_words']);
    expect(await bodyInDatabase('artmint_title_words')).toEqual([bodyOf(file)]);

    // A file removed: its function stays as it was last applied, its checksum recorded.
    const changed = bodyOf(file);
    rmSync(file);
    expect(await migrateAll(db, dir)).toEqual({ migrations: [], functions: [] });
    expect(await bodyInDatabase('artmint_title_words')).toEqual([changed]);
    const recorded = await db.query(
      "SELECT 1 FROM schema_functions WHERE name = 'artmint_title_words'",
    );
    expect(recorded.rows).toHaveLength(1);
  });

  it('compute again what stores a function’s answers when its file changes', async () => {
    await db.query(
      `INSERT INTO creators (id, data) VALUES (1, '{"id": 1, "name": "Ada Søren", "handle": "@ada"}')`,
    );
    const keys = async () =>
      (
        await db.query<{ name: string; handle: string }>(
          'SELECT name_key AS name, handle_key AS handle FROM creators WHERE id = 1',
        )
      ).rows[0];
    expect(await keys()).toEqual({ name: 'ada soren', handle: 'ada' });
    // A fold that answers capitals: the creators' generated keys follow it, and come back.
    const dir = copyMigrations('upper', () => true, true);
    const file = join(dir, 'functions', 'artmint_fold.sql');
    writeFileSync(file, readFileSync(file, 'utf8').replace('lower(value', 'upper(value'));
    expect((await migrateAll(db, dir)).functions).toContain('artmint_fold');
    expect(await keys()).toEqual({ name: 'ada soren', handle: 'ADA' });
    expect((await migrateAll(db)).functions).toEqual(['artmint_fold']);
    expect(await keys()).toEqual({ name: 'ada soren', handle: 'ada' });
  });

  it('refuse a file that makes no function of its name, and keep nothing of it', async () => {
    const dir = copyMigrations('misnamed', () => true, true);
    writeFileSync(
      join(dir, 'functions', 'artmint_missing.sql'),
      readFileSync(join(FUNCTIONS, 'artmint_title_words.sql'), 'utf8'),
    );
    await expect(migrateAll(db, dir)).rejects.toThrow(
      'functions/artmint_missing.sql makes no function artmint_missing',
    );
    const recorded = await db.query(
      "SELECT 1 FROM schema_functions WHERE name = 'artmint_missing'",
    );
    expect(recorded.rows).toEqual([]);
  });
});
