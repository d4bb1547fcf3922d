// `npm run log:rotate`: gives the change log a new identity (docs/operations.md "Backups"), in
// the server's database: the data folder's embedded PGlite (DATA_DIR, default .data) or the
// PostgreSQL database in DATABASE_URL. Run it after restoring a backup, before the server
// serves again: the restored row brings back the identity devices followed, and with the new
// one every device starts from the snapshot once (docs/sync.md "Compaction"). On a data folder
// the server must not be running (the folder is locked). Migrates first, as the server would.
//
//   npm run log:rotate [-- --help]
import { parseArgs } from 'node:util';
import { withCliDatabase } from '../db/cli-database.ts';
import { logIdentity, rotateLogId } from './compaction.ts';

const USAGE = 'usage: npm run log:rotate  (DATABASE_URL or DATA_DIR names the database)';

const say = (line: string) => process.stderr.write(`artmint: ${line}\n`);

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  await withCliDatabase(async (db) => {
    const before = await logIdentity(db);
    const after = await rotateLogId(db);
    say(`change log identity ${before} -> ${after}: devices start from the snapshot once`);
  });
}

main().catch((error: unknown) => {
  say(
    `log:rotate failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
  );
  process.exit(error instanceof TypeError && 'code' in error ? 2 : 1);
});
