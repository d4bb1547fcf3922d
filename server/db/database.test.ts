// The transaction handle's batching on the real database (PGlite, or PostgreSQL under
// DATABASE_URL, where held statements and the commit's go to the server pipelined in one write):
// what it runs, in which order, and which error a failed batch reports.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { newPostgresDatabase } from '../test/harness.ts';
import { openPglite, type Database } from './database.ts';

const opened = process.env.DATABASE_URL
  ? await newPostgresDatabase(process.env.DATABASE_URL, 'artmint_db_test')
  : { db: await openPglite(null), drop: async () => undefined };
const db: Database = opened.db;
afterAll(async () => {
  await db.close();
  await opened.drop();
});

beforeEach(async () => {
  await db.exec('DROP TABLE IF EXISTS batch_rows; CREATE TABLE batch_rows (id int PRIMARY KEY)');
});

const ids = async () =>
  (await db.query<{ id: number }>('SELECT id FROM batch_rows ORDER BY id')).rows.map((r) => r.id);

const codeOf = (error: unknown) => (error as { code?: string }).code;

describe('a transaction', () => {
  it('runs a held statement before the next one, and the commit statements after the work', async () => {
    const seen = await db.transaction(async (tx) => {
      tx.sendWithNext('INSERT INTO batch_rows (id) VALUES ($1)', [1]);
      tx.commitWith('INSERT INTO batch_rows (id) VALUES ($1)', [3]);
      const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM batch_rows');
      await tx.query('INSERT INTO batch_rows (id) VALUES ($1)', [2]);
      return rows[0]?.n;
    });
    expect(seen).toBe(1);
    expect(await ids()).toEqual([1, 2, 3]);
  });

  it('runs a statement held twice in one request, the first time it is used', async () => {
    await db.transaction(async (tx) => {
      const insert = 'INSERT INTO batch_rows (id) VALUES ($1::int) -- twice in a batch';
      tx.sendWithNext(insert, [7]);
      tx.sendWithNext(insert, [8]);
      await tx.query(insert, [9]);
    });
    expect(await ids()).toEqual([7, 8, 9]);
  });

  it('runs a held statement with nothing after it at the commit', async () => {
    await db.transaction(async (tx) => {
      tx.sendWithNext('INSERT INTO batch_rows (id) VALUES ($1)', [4]);
      await Promise.resolve();
    });
    expect(await ids()).toEqual([4]);
  });

  it('fails the next statement with a held statement’s own error and keeps nothing', async () => {
    await db.query('INSERT INTO batch_rows (id) VALUES (1)');
    const failed = db.transaction(async (tx) => {
      await tx.query('INSERT INTO batch_rows (id) VALUES ($1)', [2]);
      tx.sendWithNext('INSERT INTO batch_rows (id) VALUES ($1)', [1]);
      await tx.query('SELECT count(*) FROM batch_rows');
    });
    // A unique violation, not the "transaction is aborted" of the statement sent after it.
    expect(codeOf(await failed.catch((error: unknown) => error))).toBe('23505');
    expect(await ids()).toEqual([1]);
  });

  it('rolls the whole back when a commit statement fails', async () => {
    const failed = db.transaction(async (tx) => {
      await tx.query('INSERT INTO batch_rows (id) VALUES ($1)', [5]);
      tx.commitWith('INSERT INTO batch_rows (id) VALUES ($1)', [6]);
      tx.commitWith('INSERT INTO batch_rows (id) VALUES ($1)', [6]);
    });
    expect(codeOf(await failed.catch((error: unknown) => error))).toBe('23505');
    expect(await ids()).toEqual([]);
  });

  it('keeps working with a statement whose first run failed', async () => {
    const divide = 'SELECT 10 / $1::int AS q';
    const failed = db.transaction((tx) => tx.query(divide, [0]));
    expect(codeOf(await failed.catch((error: unknown) => error))).toBe('22012');
    // Sequential transactions: the pool hands out the same connection again.
    for (let n = 0; n < 3; n += 1) {
      const { rows } = await db.transaction((tx) => tx.query<{ q: number }>(divide, [2]));
      expect(rows[0]?.q).toBe(5);
    }
  });
});
