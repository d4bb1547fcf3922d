// Start-up against a PostgreSQL that is there but unusable: a database that does not exist,
// or a role that may not create the server's tables. Either is one clear line naming the
// database (never its password) and exit code 1, not a stack trace. (A closed port and an
// unusable data folder are in server/main.test.ts, which needs no PostgreSQL.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitOf, freePort } from '../test/process.ts';
import { cluster, freshDatabase } from './support.ts';

let database: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database?.drop());

/** One line on stderr and stdout together, exit code 1. */
async function failsWithOneLine(url: string): Promise<string> {
  const result = await exitOf({ DATABASE_URL: url, PORT: String(await freePort()) });
  expect(result.code).toBe(1);
  const lines = result.output.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(result.output).not.toMatch(/\bat \S+ \(|secret-word/);
  return lines[0] ?? '';
}

describe('start-up on an unusable PostgreSQL', () => {
  it('names a database that does not exist', async () => {
    const url = new URL(cluster().url);
    url.pathname = '/no_such_database';
    url.password = 'secret-word';
    expect(await failsWithOneLine(url.href)).toMatch(
      /^artmint: could not start: cannot reach the database at postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/no_such_database: database "no_such_database" does not exist \(3D000\)$/,
    );
  });

  it('says so when the role may not create the tables', async () => {
    const role = `artmint_reader_${process.pid}`;
    await database.db.query(`CREATE ROLE ${role} LOGIN`);
    try {
      const url = new URL(database.url);
      url.username = role;
      expect(await failsWithOneLine(url.href)).toMatch(
        /^artmint: could not start: cannot set up the database at postgres:\/\/artmint_reader_\d+@127\.0\.0\.1:\d+\/artmint_faults_\w+: permission denied for schema public \(42501\)$/,
      );
    } finally {
      await database.db.query(`DROP ROLE ${role}`);
    }
  });
});
