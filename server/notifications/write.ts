// Writing notifications (docs/product.md "Notifications"): each in the transaction of the event
// that causes it, so a refused or rolled-back event leaves none. artmint_notify
// (server/migrations/functions/artmint_notify.sql) writes a row per account whose toggle for the
// kind is on, never to the actor itself. The bid's own (outbid, offer received) are written by
// artmint_place_bid in its one statement (functions/artmint_write_notifications.sql). Each row written
// reaches every device of its account: artmint_notify stages it for that account's log (docs/sync.md
// "Account channel") in the same statement.
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_TOGGLE_DEFAULTS,
  type Notification,
  type NotificationKind,
} from '../../shared/notifications.ts';
import type { Sql } from '../db/database.ts';

export interface NotificationEvent {
  /** The accounts to tell (not accounts, null and the actor are left out). */
  to: readonly (number | null)[];
  /** The account whose action it is, if one's is. */
  actor?: number | null;
  itemId?: number | null;
  facts?: Notification['facts'];
}

/** A notification written, and the account it is for (whose devices it is to reach). */
export interface Written {
  accountId: number;
  notification: Notification;
}

/** Writes `kind` to each account of `event.to` whose toggle is on; answers what it wrote. */
export async function notify(
  tx: Sql,
  kind: NotificationKind,
  event: NotificationEvent,
): Promise<Written[]> {
  const to = event.to.filter((id): id is number => id !== null);
  if (to.length === 0) return [];
  const { section, toggle } = NOTIFICATION_KINDS[kind];
  const defaults: Record<string, boolean> = NOTIFICATION_TOGGLE_DEFAULTS[section];
  const { rows } = await tx.query<Written>(
    `SELECT n.account_id AS "accountId", artmint_notification_record(n) AS notification
     FROM artmint_notify($1::int[], $2, $3, $4, $5, $6, $7, $8::jsonb) n`,
    [
      to,
      kind,
      section,
      toggle,
      defaults[toggle] ?? false,
      event.actor ?? null,
      event.itemId ?? null,
      JSON.stringify(event.facts ?? {}),
    ],
  );
  return rows;
}
