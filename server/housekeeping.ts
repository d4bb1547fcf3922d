// The server's housekeeping, on a schedule (every HOUSEKEEPING_MS, and once at start): what
// only grows is trimmed, so that rows stay bounded by what is live, not by history
// (docs/security.md):
// - expired sessions, and reset tokens once expired or used;
// - stored push results older than RESULT_BODY_DAYS lose their bodies (error texts, fields),
//   never their row: the id and the body's hash are what make a push exactly-once, even for a
//   device back after months, which then gets the same status and refusal code;
// - uploaded images that no item, avatar or banner uses, a day (IMAGE_GRACE_HOURS) after
//   upload, so an upload on its way to becoming an item is never taken;
// - rate-limit counts of windows over for an hour;
// - the words of search_words that no item's title has any more (a deleted item's, a changed
//   title's old ones), so that the near misses a search tries are the catalogue's
//   (functions/artmint_hold_title_words.sql says how a word of an item being written is never
//   taken);
// - messages (newsletter, contact, support) are mailed to the team (MESSAGES_TO), and deleted
//   MESSAGE_DAYS after; one whose mail failed stays until it is delivered;
// - each account's own log keeps its newest ACCOUNT_LOG_KEEP entries (core/account-log.ts
//   pruneAccountLogs, a bounded number of accounts and entries a run); a device behind what is
//   kept is answered reset (docs/sync.md "Account channel").
// - each account's notifications past its newest kept (server/notifications/prune.ts).
// Each step works in batches, so no statement holds many rows' locks for long. Any server
// process may run it: every step is safe to run twice at once.
import { ACCOUNT_LOG_KEEP } from '../shared/account-channel.ts';
import { serialRunner } from '../shared/serial-runner.ts';
import { pruneAccountLogs } from './core/account-log.ts';
import type { Database } from './db/database.ts';
import type { Mailer } from './mail.ts';
import { pruneNotifications } from './notifications/prune.ts';

export const HOUSEKEEPING_MS = 60 * 60_000;
export const RESULT_BODY_DAYS = 30;
export const IMAGE_GRACE_HOURS = 24;
export const MESSAGE_DAYS = 30;
/** Where messages go when MESSAGES_TO is unset. */
export const DEFAULT_MESSAGES_TO = 'team@artmint.invalid';
const BATCH = 1000;

export interface HousekeepingCounts {
  sessions: number;
  resetTokens: number;
  results: number;
  images: number;
  delivered: number;
  messages: number;
  searchWords: number;
  accountEntries: number;
  notifications: number;
}

export interface MessageDelivery {
  mailer: Mailer;
  to: string;
}

/** Mails undelivered messages to the team, oldest first, a batch at a time; answers how many. */
async function deliverMessages(db: Database, delivery: MessageDelivery): Promise<number> {
  const { rows } = await db.query<{
    id: string;
    kind: string;
    fields: Record<string, string>;
    created_at: Date;
  }>(
    `SELECT id, kind, fields, created_at FROM messages WHERE delivered_at IS NULL
     ORDER BY created_at LIMIT $1`,
    [BATCH],
  );
  let delivered = 0;
  for (const message of rows) {
    const lines = Object.entries(message.fields).map(([name, value]) => `${name}: ${value}`);
    await delivery.mailer.send({
      to: delivery.to,
      subject: `Artmint ${message.kind} message`,
      text: `A ${message.kind} message, sent ${message.created_at.toISOString()}:\n\n${lines.join('\n')}\n`,
    });
    await db.query('UPDATE messages SET delivered_at = now() WHERE id = $1', [message.id]);
    delivered += 1;
  }
  return delivered;
}

/** Repeats a batch statement until it changes fewer than a batch; answers the rows changed. */
async function inBatches(db: Database, text: string, params: unknown[]): Promise<number> {
  let total = 0;
  for (;;) {
    const { rowCount } = await db.query(text, [...params, BATCH]);
    total += rowCount;
    if (rowCount < BATCH) return total;
  }
}

/**
 * Deletes the words of search_words that no item's title has, a batch of words at a time in
 * word order: each batch locks its words (skipping those a write holds), then checks the titles
 * in a new statement, which sees every write that committed before the lock (the items' triggers,
 * server/migrations/functions/artmint_hold_title_words.sql). An English stop word ("the") has no stem to look titles up by: it stays (the dictionary's few).
 */
async function pruneSearchWords(db: Database): Promise<number> {
  let after = '';
  let pruned = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ word: string }>(
        `SELECT word FROM search_words WHERE word > $1 ORDER BY word LIMIT $2
         FOR UPDATE SKIP LOCKED`,
        [after, BATCH],
      );
      const words = rows.map((row) => row.word);
      if (words.length === 0) return { words, deleted: 0 };
      const { rowCount } = await tx.query(
        `DELETE FROM search_words s WHERE s.word = ANY($1::text[])
           AND numnode(plainto_tsquery('artmint_search', s.word)) > 0
           AND NOT EXISTS (
             SELECT 1 FROM item_search i
             WHERE i.title_words @@ plainto_tsquery('artmint_search', s.word)
               AND s.word IN (SELECT artmint_title_words(i.title_folded)))`,
        [words],
      );
      return { words, deleted: rowCount };
    });
    pruned += batch.deleted;
    const last = batch.words.at(-1);
    if (last === undefined || batch.words.length < BATCH) return pruned;
    after = last;
  }
}

export async function runHousekeeping(
  db: Database,
  delivery?: MessageDelivery,
  accountLogKeep = ACCOUNT_LOG_KEEP,
): Promise<HousekeepingCounts> {
  const sessions = await inBatches(
    db,
    `DELETE FROM sessions WHERE token_hash IN (
       SELECT token_hash FROM sessions WHERE expires_at < now() LIMIT $1)`,
    [],
  );
  const resetTokens = await inBatches(
    db,
    `DELETE FROM reset_tokens WHERE token_hash IN (
       SELECT token_hash FROM reset_tokens
       WHERE expires_at < now() OR used_at IS NOT NULL LIMIT $1)`,
    [],
  );
  const results = await inBatches(
    db,
    `UPDATE mutations m SET pruned = true,
       result = jsonb_strip_nulls(jsonb_build_object(
         'id', m.id, 'status', m.result->'status', 'code', m.result->'code',
         'itemId', m.result->'itemId', 'error', CASE WHEN m.result ? 'error'
           THEN to_jsonb('This change was refused earlier.'::text) END))
     WHERE m.id IN (
       SELECT id FROM mutations
       WHERE NOT pruned AND created_at < now() - make_interval(days => $1) LIMIT $2)`,
    [RESULT_BODY_DAYS],
  );
  const images = await inBatches(
    db,
    `DELETE FROM images WHERE id IN (
       SELECT i.id FROM images i
       WHERE i.created_at < now() - make_interval(hours => $1)
         AND NOT EXISTS (
           SELECT 1 FROM items it
           WHERE it.data->>'image' LIKE '/api/images/%' AND it.data->>'image' = '/api/images/' || i.id)
         AND NOT EXISTS (
           SELECT 1 FROM creators c
           WHERE c.account_id = i.account_id AND strpos(c.data::text, i.id) > 0)
         AND NOT EXISTS (
           SELECT 1 FROM profile_sections p
           WHERE p.account_id = i.account_id AND strpos(p.fields::text, i.id) > 0)
       LIMIT $2)`,
    [IMAGE_GRACE_HOURS],
  );
  await inBatches(
    db,
    `DELETE FROM rate_limits WHERE key IN (
       SELECT key FROM rate_limits WHERE window_start < now() - interval '1 hour' LIMIT $1)`,
    [],
  );
  const delivered = delivery ? await deliverMessages(db, delivery) : 0;
  const messages = await inBatches(
    db,
    `DELETE FROM messages WHERE id IN (
       SELECT id FROM messages
       WHERE delivered_at < now() - make_interval(days => $1) LIMIT $2)`,
    [MESSAGE_DAYS],
  );
  const searchWords = await pruneSearchWords(db);
  const accountEntries = await pruneAccountLogs(db, accountLogKeep);
  const notifications = await pruneNotifications(db);
  return {
    sessions,
    resetTokens,
    results,
    images,
    delivered,
    messages,
    searchWords,
    accountEntries,
    notifications,
  };
}

export interface Housekeeper {
  stop(): Promise<void>;
}

/**
 * Runs the housekeeping at once and then every `intervalMs`, one run at a time (a tick during
 * a run is one more run after it: shared/serial-runner.ts).
 */
export function startHousekeeping(
  db: Database,
  options: { intervalMs?: number; log: (line: string) => void; delivery?: MessageDelivery },
): Housekeeper {
  let stopped = false;
  const housekeeping = serialRunner(
    async () => {
      if (stopped) return;
      const counts = await runHousekeeping(db, options.delivery);
      const done = Object.entries(counts).filter(([, count]) => count > 0);
      if (done.length > 0) {
        options.log(`housekeeping: ${done.map(([what, count]) => `${count} ${what}`).join(', ')}`);
      }
    },
    {
      mayRepeat: () => !stopped,
      onError: (error) =>
        options.log(`housekeeping: ${(error as Error).name}; trying again at the next run`),
    },
  );
  const run = () => void housekeeping.run();
  run();
  const timer = setInterval(run, options.intervalMs ?? HOUSEKEEPING_MS);
  timer.unref?.();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await housekeeping.running;
    },
  };
}
