// `npm run announce -- [--to <account id or email>] "text"` (announce.ts; docs/operations.md
// "Announcements"), on the server's database: the data folder's embedded PGlite (DATA_DIR, default
// .data; the server must not be running, the folder is locked) or the PostgreSQL database in
// DATABASE_URL (with the servers running: their devices hear of it at once). Migrates first, as
// the server would.
import { withCliDatabase } from '../db/cli-database.ts';
import { announce, parseAnnouncement } from './announce.ts';

const say = (line: string) => process.stderr.write(`artmint: ${line}\n`);

async function main(): Promise<void> {
  const announcement = parseAnnouncement(process.argv.slice(2));
  const told = await withCliDatabase((db) =>
    announce(db, announcement, {
      progress: (n) => say(`announce: ${n} accounts told so far`),
    }),
  );
  say(`announce: ${told} accounts told (an account whose toggle is off is not)`);
}

main().catch((error: unknown) => {
  say(`announce failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  process.exit(1);
});
