// The inbox (docs/product.md "Notifications"): GET /api/notifications pages the signed-in
// account's notifications newest first (by id, from its index notifications_account_newest),
// with the count of those unread; marking read goes through the push like every account write
// (mutations notification-read and notifications-read, server/sync/apply.ts), so it works
// offline and reaches every device.
import { Hono } from 'hono';
import type * as v from 'valibot';
import type { MUTATION_ARGS } from '../../shared/protocol.ts';
import { NotificationsQuerySchema, parseQuery } from '../../shared/list-query.ts';
import { HISTORY_PAGE_SIZE } from '../../shared/history.ts';
import type { Notification, NotificationsPage } from '../../shared/notifications.ts';
import type { SessionAccount } from '../core/session-account.ts';
import type { Sql } from '../db/database.ts';
import type { AppEnv } from '../http/app-env.ts';
import { apiError } from '../http/guards.ts';
import { notificationJson } from './record.ts';

export type NotificationReadArgs = v.InferOutput<(typeof MUTATION_ARGS)['notification-read']>;
export type NotificationsReadArgs = v.InferOutput<(typeof MUTATION_ARGS)['notifications-read']>;

/** The account's notifications before id `before` (all when null), newest first. */
export async function notificationsPage(
  db: Sql,
  accountId: number,
  query: { before: number | null; limit: number },
): Promise<NotificationsPage> {
  const [{ rows }, unread] = await Promise.all([
    db.query<{ record: Notification }>(
      `SELECT ${notificationJson('n')} AS record FROM notifications n
       WHERE n.account_id = $1 AND ($2::bigint IS NULL OR n.id < $2::bigint)
       ORDER BY n.id DESC LIMIT $3`,
      [accountId, query.before, query.limit + 1],
    ),
    db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM notifications WHERE account_id = $1 AND read_at IS NULL',
      [accountId],
    ),
  ]);
  const more = rows.length > query.limit;
  const shown = rows.slice(0, query.limit).map((row) => row.record);
  const last = shown.at(-1);
  return {
    notifications: shown,
    next: more && last ? String(last.id) : null,
    unread: unread.rows[0]?.count ?? 0,
  };
}

/** Marks one of the account's notifications read (another account's id changes nothing). */
export async function markRead(
  tx: Sql,
  account: SessionAccount,
  args: NotificationReadArgs,
): Promise<void> {
  await tx.query(
    'UPDATE notifications SET read_at = now() WHERE id = $1 AND account_id = $2 AND read_at IS NULL',
    [args.id, account.id],
  );
}

/** Marks read every notification of the account up to id `upTo`, the newest its device held. */
export async function markAllRead(
  tx: Sql,
  account: SessionAccount,
  args: NotificationsReadArgs,
): Promise<void> {
  await tx.query(
    `UPDATE notifications SET read_at = now()
     WHERE account_id = $1 AND id <= $2 AND read_at IS NULL`,
    [account.id, args.upTo],
  );
}

/** GET /api/notifications?before=&limit=: the signed-in account's, never cached. */
export function notificationRoutes(db: Sql) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    const account = c.get('account');
    if (!account) return apiError(c, 401, 'Not signed in.');
    const parsed = parseQuery(NotificationsQuerySchema, (name) => c.req.query(name));
    if (!parsed.ok) return apiError(c, 400, parsed.error);
    const { limit = HISTORY_PAGE_SIZE, before = null } = parsed.query;
    c.header('Cache-Control', 'no-store');
    return c.json(await notificationsPage(db, account.id, { before, limit }));
  });
  return app;
}
