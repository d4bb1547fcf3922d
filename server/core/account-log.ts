// The account channel's log (docs/sync.md "Account channel"): every write that changes an
// account's own records appends the records' new state to that account's log, in the write's
// transaction. The entries are staged and appended at COMMIT under the change log's lock
// (server/migrations/021_account_changes.sql, functions/artmint_flush_account_changes.sql), so
// each account's entries become visible in sequence order, and announced on
// ACCOUNT_CHANGES_CHANNEL. Never in the public change log.
import type { AccountChange, AccountTopic } from '../../shared/account-channel.ts';
import type { ServerBid } from '../../shared/protocol.ts';
import type { Purchase } from '../../shared/types.ts';
import type { Sql } from '../db/database.ts';

/** The channel on which every commit that grew an account's log is announced (payload: the
 * accounts' ids, comma separated, or '' when too many to name). */
export const ACCOUNT_CHANGES_CHANNEL = 'artmint_account_changes';

/** One entry for an account's log; `data` null means the record is gone. */
export interface AccountEntry {
  topic: AccountTopic;
  key: string | number;
  data: unknown;
}

/** The public log's entry of an item (topic `item`). */
interface ItemChange {
  key: string | number;
  data: unknown;
}

const STAGE = {
  name: 'artmint_stage_account_changes',
  text: `INSERT INTO pending_account_changes (account_id, topic, key, data)
    SELECT $1, e->>'topic', e->>'key',
      CASE WHEN jsonb_typeof(e->'data') = 'null' THEN NULL ELSE e->'data' END
    FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS x(e, n) ORDER BY x.n`,
};

/**
 * Stages entries for account `accountId`'s log, appended in order when `tx` commits (a
 * savepoint rolled back takes them with it). Outside a transaction the statement is its own.
 */
export async function recordAccountChanges(
  tx: Sql,
  accountId: number,
  changes: AccountEntry[],
): Promise<void> {
  if (changes.length === 0) return;
  const entries = changes.map(({ topic, key, data }) => ({ topic, key: String(key), data }));
  await tx.query(STAGE, [accountId, JSON.stringify(entries)]);
}

/**
 * The bids among `changes` (the public log's entries of a write, topic `bid`), each to its
 * bidder's log (topic `bid`; a bidder who deleted the account has none) and, when `receiver` is
 * given, to the account that received them as offers (topic `offer-received`).
 */
export async function recordBidsOfAccounts(
  tx: Sql,
  changes: { topic: string; data: unknown }[],
  receiver: number | null = null,
): Promise<void> {
  const bids = changes.flatMap((change) =>
    change.topic === 'bid' && change.data ? [change.data as ServerBid] : [],
  );
  if (bids.length === 0) return;
  const { rows } = await tx.query<{ id: string; account_id: number | null }>(
    'SELECT id, account_id FROM bids WHERE id = ANY($1::text[])',
    [bids.map((bid) => bid.id)],
  );
  const bidder = new Map(rows.map((row) => [row.id, row.account_id]));
  for (const bid of bids) {
    const accountId = bidder.get(bid.id);
    if (accountId) await recordAccountChanges(tx, accountId, [bidEntry(bid)]);
  }
  if (receiver !== null) {
    const received = bids.map((bid): AccountEntry => ({
      ...bidEntry(bid),
      topic: 'offer-received',
    }));
    await recordAccountChanges(tx, receiver, received);
  }
}

const bidEntry = (bid: ServerBid): AccountEntry => ({ topic: 'bid', key: bid.id, data: bid });

/**
 * A sale's entries: the purchase to the buyer's log, and the item as the public log now carries
 * it (`item`, topic `upload`) to the seller's, when the seller is an account.
 */
export async function recordSaleOfAccounts(
  tx: Sql,
  sale: { buyer: number; seller: number | null; purchase: Purchase; item: ItemChange },
): Promise<void> {
  const { buyer, seller, purchase, item } = sale;
  await recordAccountChanges(tx, buyer, [{ topic: 'purchase', key: purchase.id, data: purchase }]);
  if (seller !== null && item.data !== null) {
    await recordAccountChanges(tx, seller, [{ topic: 'upload', key: item.key, data: item.data }]);
  }
}

/** An account's log after `since`, as GET /api/me/changes answers it (server/accounts/account-changes.ts). */
export interface AccountLogPage {
  changes: AccountChange[];
  /** The newest entry the account's log has (0: none). */
  newest: number;
  /** Entries up to this one were pruned (server/housekeeping.ts). */
  prunedThrough: number;
  more: boolean;
}

/** Reads up to `limit` entries of the account's log after `since`, in one snapshot. */
export async function accountLogAfter(
  db: Sql,
  accountId: number,
  since: number,
  limit: number,
): Promise<AccountLogPage> {
  const { rows } = await db.query<{
    newest: number | string;
    pruned: number | string;
    changes: AccountChange[];
  }>(
    {
      name: 'artmint_account_log_after',
      text: `SELECT coalesce(l.newest, 0) AS newest, coalesce(l.pruned_through, 0) AS pruned,
        (SELECT coalesce(jsonb_agg(jsonb_build_object('seq', c.seq, 'topic', c.topic,
            'key', c.key, 'data', c.data) ORDER BY c.seq), '[]')
          FROM (SELECT seq, topic, key, data FROM account_changes
                WHERE account_id = $1 AND seq > $2 ORDER BY seq LIMIT $3) c) AS changes
        FROM (SELECT 1) AS one LEFT JOIN account_logs l ON l.account_id = $1`,
    },
    [accountId, since, limit + 1],
  );
  const row = rows[0];
  const changes = row?.changes ?? [];
  return {
    changes: changes.slice(0, limit),
    newest: Number(row?.newest ?? 0),
    prunedThrough: Number(row?.pruned ?? 0),
    more: changes.length > limit,
  };
}

/** The newest entry of the account's log (0: none): GET /api/me's `cursor`. */
export async function accountCursor(db: Sql, accountId: number): Promise<number> {
  const { rows } = await db.query<{ newest: number | string }>(
    {
      name: 'artmint_account_cursor',
      text: 'SELECT newest FROM account_logs WHERE account_id = $1',
    },
    [accountId],
  );
  return Number(rows[0]?.newest ?? 0);
}

/** Accounts whose log one housekeeping run prunes at most (the longest first). */
export const PRUNE_ACCOUNTS = 100;
/** Entries one account's pruning deletes at most a run (the oldest first). */
export const PRUNE_ENTRIES = 1000;

/**
 * Keeps the newest `keep` entries of each account's log (server/housekeeping.ts): for up to
 * PRUNE_ACCOUNTS accounts over it, deletes up to PRUNE_ENTRIES of its oldest entries and
 * records the newest deleted as its horizon (account_logs.pruned_through), in one statement
 * each, so that a pull from an older cursor is answered `reset`. Answers the entries deleted.
 */
export async function pruneAccountLogs(db: Sql, keep: number): Promise<number> {
  const { rows } = await db.query<{ account_id: number }>(
    `SELECT account_id FROM account_logs WHERE entries > $1 ORDER BY entries DESC LIMIT $2`,
    [keep, PRUNE_ACCOUNTS],
  );
  let pruned = 0;
  for (const { account_id: accountId } of rows) {
    const { rows: done } = await db.query<{ n: number }>(
      `WITH gone AS (
         DELETE FROM account_changes c WHERE c.seq IN (
           SELECT seq FROM account_changes WHERE account_id = $1 AND seq <= (
             SELECT seq FROM account_changes WHERE account_id = $1
             ORDER BY seq DESC OFFSET $2 LIMIT 1)
           ORDER BY seq LIMIT $3)
         RETURNING c.seq)
       UPDATE account_logs l SET pruned_through = greatest(l.pruned_through, g.top),
         entries = l.entries - g.n
       FROM (SELECT max(seq) AS top, count(*)::int AS n FROM gone) g
       WHERE l.account_id = $1 AND g.n > 0
       RETURNING g.n`,
      [accountId, keep, PRUNE_ENTRIES],
    );
    pruned += done[0]?.n ?? 0;
  }
  return pruned;
}
