// The operator's words to collectors (docs/operations.md "Announcements"): `npm run announce --
// "text"` tells every account (kind `company-news`), `npm run announce -- --to <account id or
// email> "text"` one account (kind `message`). Written as every notification is (write.ts), so
// the toggle governs them and they reach the inbox, every device and the mail job like any other;
// to all accounts a batch at a time in id order, each batch its own transaction, so a hundred
// thousand accounts are never one.
import { parseArgs } from 'node:util';
import type { Database } from '../db/database.ts';
import { notify } from './write.ts';

export const ANNOUNCE_BATCH = 1000;
/** The longest text an announcement carries. */
export const ANNOUNCE_MAX = 2000;

export const ANNOUNCE_USAGE =
  'usage: npm run announce -- [--to <account id or email>] "text"  (DATABASE_URL or DATA_DIR names the database)';

export interface Announcement {
  text: string;
  /** One account, by id or email; every account when absent. */
  to?: string | undefined;
}

/** The announcement the command line asks for; throws the usage when it asks for none. */
export function parseAnnouncement(argv: string[]): Announcement {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { to: { type: 'string' } },
    allowPositionals: true,
  });
  const text = positionals.join(' ').trim();
  if (!text || text.length > ANNOUNCE_MAX) {
    throw new Error(`${ANNOUNCE_USAGE}; the text has 1 to ${ANNOUNCE_MAX} characters`);
  }
  return { text, to: values.to };
}

/** Writes the announcement; answers the accounts told (an account whose toggle is off is not). */
export async function announce(
  db: Database,
  { text, to }: Announcement,
  { batch = ANNOUNCE_BATCH, progress }: { batch?: number; progress?: (told: number) => void } = {},
): Promise<number> {
  const facts = { text };
  if (to !== undefined) {
    const { rows } = await db.query<{ id: number }>(
      /^\d+$/.test(to)
        ? 'SELECT id FROM accounts WHERE id = $1::int'
        : 'SELECT id FROM accounts WHERE email = lower(trim($1))',
      [to],
    );
    const account = rows[0];
    if (!account) throw new Error(`no account has the id or email ${to}`);
    const written = await db.transaction((tx) =>
      notify(tx, 'message', { to: [account.id], facts }),
    );
    return written.length;
  }
  let after = 0;
  let told = 0;
  for (;;) {
    const { ids, written } = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: number }>(
        'SELECT id FROM accounts WHERE id > $1 ORDER BY id LIMIT $2',
        [after, batch],
      );
      const ids = rows.map((row) => row.id);
      return {
        ids,
        written: ids.length > 0 ? await notify(tx, 'company-news', { to: ids, facts }) : [],
      };
    });
    told += written.length;
    progress?.(told);
    const last = ids.at(-1);
    if (last === undefined || ids.length < batch) return told;
    after = last;
  }
}
