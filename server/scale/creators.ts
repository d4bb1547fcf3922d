// Creators at scale, made with SQL (issue 33, docs/performance.md "100,000 items: lists over
// HTTP"): N creators as accounts' creators are (ids from account_ids, newest listed first), with
// names made from word lists, the sample's pictures and a spread of followers, so that the
// creators list (GET /api/creators) and the snapshot's share of it are measured against a
// marketplace with many creators. They have no account (nobody signs in as them) and sell
// nothing (no sales volume), as a new account's creator. `npm run seed -- --creators N`
// (history-cli.ts) uses it; a server test checks it at small scale. Never part of the app.
//
// No change-log entry is written for a seeded creator: devices find them through the creators
// list, and the log's creator entries only concern creators a device holds (docs/sync.md).
import { creatorAvatar, creatorBanner, itemImage } from '../../shared/sample/image-paths.ts';
import type { Database } from '../db/database.ts';

const FIRST = `Ada Bo Cleo Dario Esme Finn Gia Hugo Ines Jun Kai Lea Milo Nia Omar Pia Quinn Rafa
  Sana Teo Uma Vik Wren Xia Yuri Zoe`.split(/\s+/);
const LAST = `Ahn Berg Costa Dahl Eze Faure Gray Haas Ito Jansen Kovac Lund Mora Nakai Okafor
  Park Quist Rossi Silva Toth Ueda Varga Weber Xu Young Zeller`.split(/\s+/);
const CRAFTS = `paints cities at night|makes loops of light|records field sounds|draws tiny robots|
  builds low-poly worlds|prints woodcuts of birds|animates paper cut-outs|shoots film portraits`
  .split('|')
  .map((craft) => craft.trim());
/** The sample creators' pictures the seeded ones reuse (shipped with the app, offline too). */
const PICTURES = 12;

const sqlText = (value: string) => `'${value.replaceAll("'", "''")}'`;
const sqlArray = (values: readonly string[]) => `ARRAY[${values.map(sqlText).join(', ')}]`;
const pick = (values: readonly string[], n: string) =>
  `(${sqlArray(values)})[1 + ((${n}) % ${values.length})]`;

/** Creators n0 to n1 of a run ($1, $2), their ids from account_ids; $3, $4 and $5 the
 * pictures (avatars, banners, item images), looked up by n. */
const BATCH_STATEMENT = `
  WITH made AS (
    SELECT n, nextval('account_ids')::int AS id,
      ${pick(FIRST, 'n')} || ' ' || ${pick(LAST, 'n / ' + FIRST.length)} AS name
    FROM generate_series($1::int, $2::int) AS n
  )
  INSERT INTO creators (id, account_id, followers_base, data)
  SELECT id, NULL, (n * 7919) % 5000, jsonb_build_object(
      'id', id, 'name', name,
      'handle', '@' || lower(replace(name, ' ', '')) || n,
      'avatar', $3::jsonb->>(n % ${PICTURES}),
      'banner', $4::jsonb->>(n % ${PICTURES}),
      'verified', n % 5 = 0,
      'bio', name || ' ' || ${pick(CRAFTS, 'n')} || '.',
      'volumeEth', '0',
      'thumbnails', jsonb_build_array($5::jsonb->>(n % ${PICTURES}),
        $5::jsonb->>((n + 1) % ${PICTURES})),
      'userCreated', true)
  FROM made
  RETURNING id`;

export interface CreatorsRun {
  creators: number;
  firstId: number;
  lastId: number;
}

/** Adds `count` creators to the database (migrated and seeded), `batch` a transaction. */
export async function seedCreators(
  db: Database,
  count: number,
  batch = 20_000,
): Promise<CreatorsRun> {
  if (!Number.isSafeInteger(count) || count < 1) throw new Error('creators must be 1 or more');
  const sample = Array.from({ length: PICTURES }, (_, k) => k + 1);
  const pictures = [creatorAvatar, creatorBanner, itemImage].map((path) =>
    JSON.stringify(sample.map(path)),
  );
  let firstId = 0;
  let lastId = 0;
  for (let n0 = 1; n0 <= count; n0 += batch) {
    const n1 = Math.min(count, n0 + batch - 1);
    const { rows } = await db.transaction((tx) =>
      tx.query<{ id: number }>(BATCH_STATEMENT, [n0, n1, ...pictures]),
    );
    const ids = rows.map((row) => row.id);
    firstId ||= Math.min(...ids);
    lastId = Math.max(lastId, ...ids);
  }
  return { creators: count, firstId, lastId };
}
