// An older PGlite data folder put back while two devices are connected, by the operator's steps
// (docs/operations.md "Backups": the server stopped, the copy put back, `npm run log:rotate` on
// the folder, the server started): each device starts over from the snapshot once, its change
// made while the server was away is stored once, and what the restore lost stays lost. A copy of
// the folder brings back the log's identity it had: only the rotation tells the devices.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { openPglite } from '../../server/db/database.ts';
import { startServer, stopServer, type Running } from '../../server/test/process.ts';
import { must } from '../../server/faults/support.ts';
import { restoreScenario } from './restore-support.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'artmint-data-'));
const copy = mkdtempSync(join(tmpdir(), 'artmint-data-copy-'));
let server: Running | undefined;

afterAll(async () => {
  if (server) await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(copy, { recursive: true, force: true });
});

describe('an older PGlite data folder put back', () => {
  it('starts each device over once, and stores each waiting change once', async () => {
    const start = async () => {
      server = await startServer({
        DATA_DIR: dataDir,
        RATE_LIMIT_LOGIN: '0',
        RATE_LIMIT_WRITES: '0',
      });
      return server.origin;
    };
    const stop = async () => {
      await stopServer(must(server, 'server'));
    };
    await restoreScenario({
      start,
      stop,
      // Never copied while the server runs: the copy may be torn.
      backup: async () => {
        await stop();
        cpSync(join(dataDir, 'db'), join(copy, 'db'), { recursive: true });
        return start();
      },
      restore: async () => {
        rmSync(join(dataDir, 'db'), { recursive: true, force: true });
        cpSync(join(copy, 'db'), join(dataDir, 'db'), { recursive: true });
      },
      rotateEnv: { DATA_DIR: dataDir },
      inspect: async (read) => {
        const db = await openPglite(join(dataDir, 'db'));
        try {
          return await read(db);
        } finally {
          await db.close();
        }
      },
    });
    // Three starts of a server on PGlite (the first makes and seeds the database) and the
    // rotation's own open of the folder: about 30 s on an idle machine, 80 s under load.
  }, 180_000);
});
