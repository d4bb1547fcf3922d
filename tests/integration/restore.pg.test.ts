// A PostgreSQL database restored from an older dump while two devices are connected, by the
// operator's steps (docs/operations.md "Backups": servers stopped, pg_restore, `npm run
// log:rotate`, servers started): each device starts over from the snapshot once, its change
// made while the server was away is stored once, and what the restore lost stays lost.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, it } from 'vitest';
import { startServer, stopServer, type Running } from '../../server/test/process.ts';
import { cluster, freshDatabase, must } from '../../server/faults/support.ts';
import { restoreScenario } from './restore-support.ts';

const run = promisify(execFile);
const folder = mkdtempSync(join(tmpdir(), 'artmint-restore-'));
const dump = join(folder, 'artmint.dump');
let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
let server: Running | undefined;

afterAll(async () => {
  if (server) await stopServer(server);
  await database?.drop();
  rmSync(folder, { recursive: true, force: true });
});

describe('PostgreSQL restored from an older dump', () => {
  it('starts each device over once, and stores each waiting change once', async () => {
    database = await freshDatabase();
    const url = database.url;
    const { pgBin } = cluster();
    await restoreScenario({
      start: async () => {
        server = await startServer({
          DATABASE_URL: url,
          RATE_LIMIT_LOGIN: '0',
          RATE_LIMIT_WRITES: '0',
        });
        return server.origin;
      },
      stop: async () => {
        await stopServer(must(server, 'server'));
      },
      backup: async () => {
        await run(join(pgBin, 'pg_dump'), ['--format=custom', '--file', dump, url]);
        return must(server, 'server').origin;
      },
      restore: async () => {
        await run(join(pgBin, 'pg_restore'), [
          '--clean',
          '--if-exists',
          '--no-owner',
          '--exit-on-error',
          '--dbname',
          url,
          dump,
        ]);
      },
      rotateEnv: { DATABASE_URL: url },
      inspect: (read) => read(must(database, 'database').db),
    });
  });
});
