// The push delivery queue's statements (migration 025, docs/sync.md "Web Push delivery"):
// turning new notifications of the account logs into one delivery per subscription, taking due
// deliveries under a lease, and settling each after its send.
import type { Notification } from '../../shared/notifications.ts';
import type { Sql } from '../db/database.ts';

/**
 * Moves the cursor over the next `limit` entries of the account logs (in commit order) and
 * queues a delivery of each new notification among them to each live subscription of its
 * account, in one statement: the cursor and the deliveries it stands for commit together. A
 * process that finds the cursor held by another skips (nothing to do here now). Answers how many
 * entries it passed (`limit`: there may be more).
 */
export async function queueDeliveries(db: Sql, limit: number): Promise<number> {
  const { rows } = await db.query<{ passed: number }>(QUEUE_DELIVERIES, [limit]);
  return rows[0]?.passed ?? 0;
}

/** queueDeliveries' statement ($1: how many entries at most). */
export const QUEUE_DELIVERIES = `WITH cursor AS (SELECT after_seq FROM push_cursor WHERE id = 1 FOR UPDATE SKIP LOCKED),
     batch AS (
       -- The cursor as a value, so the log is read from it by its index: joined as a table, the
       -- planner read the whole log from its first entry and filtered (a cost that grew with
       -- the log). No row (another process holds it): NULL, and nothing is read.
       SELECT c.seq, c.account_id, c.topic, c.key, c.data FROM account_changes c
       WHERE c.seq > (SELECT after_seq FROM cursor) ORDER BY c.seq LIMIT $1),
     queued AS (
       INSERT INTO push_deliveries (notification_id, subscription_id)
       SELECT n.id, s.id FROM batch b
       JOIN notifications n
         ON n.id = CASE WHEN b.topic = 'notification' THEN b.key::bigint END
         AND n.account_id = b.account_id AND n.read_at IS NULL
       JOIN push_subscriptions s ON s.account_id = b.account_id
       JOIN sessions se ON se.token_hash = s.session_hash AND se.expires_at > now()
       WHERE b.data ->> 'read' = 'false'
       ORDER BY b.seq, s.id
       ON CONFLICT DO NOTHING),
     moved AS (
       UPDATE push_cursor SET after_seq = (SELECT max(seq) FROM batch)
       WHERE id = 1 AND EXISTS (SELECT 1 FROM batch))
     SELECT count(*)::int AS passed FROM batch`;

/** A delivery taken: where to send what. */
export interface Claimed {
  /** The delivery's and the subscription's ids (bigint, as text). */
  id: string;
  attempts: number;
  subscriptionId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  notification: Notification;
}

/**
 * Takes up to `limit` due deliveries, oldest first, and moves each `leaseMs` ahead: another
 * process skips them, and a process that dies before settling them leaves them due again when
 * the lease ends (each then sent again: at least once).
 */
export async function claimDeliveries(db: Sql, limit: number, leaseMs: number): Promise<Claimed[]> {
  const { rows } = await db.query<Claimed>(
    `WITH due AS (
       SELECT id FROM push_deliveries WHERE due_at <= now()
       ORDER BY due_at, id LIMIT $1 FOR UPDATE SKIP LOCKED),
     taken AS (
       UPDATE push_deliveries d
       SET due_at = now() + $2 * interval '1 millisecond', attempts = d.attempts + 1
       FROM due WHERE d.id = due.id
       RETURNING d.id, d.attempts, d.subscription_id, d.notification_id)
     SELECT t.id::text, t.attempts, s.id::text AS "subscriptionId", s.endpoint, s.p256dh, s.auth,
       artmint_notification_record(n) AS notification
     FROM taken t
     JOIN push_subscriptions s ON s.id = t.subscription_id
     JOIN notifications n ON n.id = t.notification_id
     ORDER BY t.id`,
    [limit, leaseMs],
  );
  return rows;
}

/** What became of one send. */
export type Outcome = 'sent' | 'gone' | 'failed';

/** The wait before try `attempts + 1`: 2 s, 4 s, 8 s ... at most 10 minutes. */
export const backoffMs = (attempts: number) => Math.min(600_000, 1000 * 2 ** attempts);
/** Tries before a delivery is given up. */
export const MAX_ATTEMPTS = 10;

/** One send's outcome, to settle. */
export interface Settled {
  claimed: Claimed;
  outcome: Outcome;
}

/**
 * Settles sends together, in one statement per kind of outcome (usually one: sent): sent, its
 * row goes; gone (404, 410), its subscription goes, and every delivery to it; failed, due again
 * after the backoff, or dropped after MAX_ATTEMPTS.
 */
export async function settleDeliveries(db: Sql, settled: readonly Settled[]): Promise<void> {
  const gone: string[] = [];
  const done: string[] = [];
  const retry: Claimed[] = [];
  for (const { claimed, outcome } of settled) {
    if (outcome === 'gone') gone.push(claimed.subscriptionId);
    else if (outcome === 'sent' || claimed.attempts >= MAX_ATTEMPTS) done.push(claimed.id);
    else retry.push(claimed);
  }
  if (gone.length > 0) {
    await db.query('DELETE FROM push_subscriptions WHERE id = ANY($1::bigint[])', [gone]);
  }
  if (done.length > 0) {
    await db.query('DELETE FROM push_deliveries WHERE id = ANY($1::bigint[])', [done]);
  }
  if (retry.length > 0) {
    await db.query(
      `UPDATE push_deliveries d SET due_at = now() + r.wait * interval '1 millisecond'
       FROM unnest($1::bigint[], $2::float8[]) AS r(id, wait) WHERE d.id = r.id`,
      [retry.map((claimed) => claimed.id), retry.map((claimed) => backoffMs(claimed.attempts))],
    );
  }
}
