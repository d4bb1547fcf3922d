// Gathered mail of notifications (docs/product.md "Notifications"): each account gets at most one
// mail every MAIL_DIGEST_MINUTES, gathering its new notifications of the kinds whose toggle and
// mail switch are both on (shared/notifications.ts mailsKind), the newest MAIL_SHOWN in words
// and "and N more". Only what waits is looked at (`mail_waiting`, migration 026: every row
// written waits there), never every account. A run claims a batch of accounts whose interval is
// over (`claimed_until`: two processes never take one account; a process that dies lets it go
// when the claim ends), mails each, and only once the mailer accepted the mail are its rows done:
// a crash before that mails them again, so every row goes at least once. A failed mail is tried
// again when the claim ends. Each mail carries a one-click unsubscribe (RFC 8058) that turns off
// the mail switches of the kinds it gathered (mail-token.ts, accounts/mail-unsubscribe.ts).
import {
  mailsKind,
  NOTIFICATION_KINDS,
  NOTIFICATIONS_KEPT,
  notificationWords,
  type Notification,
  type NotificationKind,
} from '../../shared/notifications.ts';
import { serialRunner } from '../../shared/serial-runner.ts';
import type { Database } from '../db/database.ts';
import type { Mail, Mailer } from '../mail.ts';
import { unsubscribeToken } from './mail-token.ts';

export const MAIL_DIGEST_MINUTES = 10;
/** The notifications a mail shows in words; the rest it counts. */
export const MAIL_SHOWN = 20;
/** Accounts a run claims at a time, and the batches it does at most. */
export const MAIL_BATCH = 200;
export const MAIL_MAX_BATCHES = 10;
/** How long a claim holds an account: a process that dies mailing it lets it go then. */
export const MAIL_CLAIM_MINUTES = 5;
/** How often the job looks for mail to send. */
export const MAIL_EVERY_MS = 60_000;
/** The path of the one-click unsubscribe (accounts/mail-unsubscribe.ts). */
export const UNSUBSCRIBE_PATH = '/api/mail/unsubscribe';

export interface MailDigestOptions {
  mailer: Mailer;
  /** The site's configured public origin (PUBLIC_ORIGIN): every link of the mail is on it. */
  origin: string;
  /** The secret the unsubscribe tokens are signed with (mail-token.ts mailSecret). */
  secret: string;
  minutes?: number;
  batch?: number;
  maxBatches?: number;
  log: (line: string) => void;
}

/** Claims up to `batch` accounts with rows waiting whose interval is over. */
async function claim(db: Database, minutes: number, batch: number): Promise<number[]> {
  const ready = `(m.sent_at IS NULL OR m.sent_at <= now() - make_interval(mins => $1::int))
    AND (m.claimed_until IS NULL OR m.claimed_until <= now())`;
  const { rows } = await db.query<{ account_id: number }>(
    `WITH due AS (
       SELECT DISTINCT w.account_id FROM mail_waiting w
       LEFT JOIN mail_accounts m ON m.account_id = w.account_id
       WHERE m.account_id IS NULL OR (${ready})
       LIMIT $2
     )
     INSERT INTO mail_accounts AS m (account_id, claimed_until)
     SELECT due.account_id, now() + make_interval(mins => $3::int) FROM due
     ON CONFLICT (account_id) DO UPDATE SET claimed_until = EXCLUDED.claimed_until
       WHERE ${ready}
     RETURNING m.account_id`,
    [minutes, batch, MAIL_CLAIM_MINUTES],
  );
  return rows.map((row) => row.account_id);
}

/** Where a notification leads: its item, else whoever caused it, else the inbox. */
function linkOf(origin: string, n: Notification): string {
  if (n.itemId !== null) return `${origin}/item-detail/${n.itemId}`;
  if (n.actor) return `${origin}/creator-profile/${n.actor.id}`;
  return `${origin}/notifications`;
}

/** The mail gathering `gathered` (newest first, at least one) for `to`. */
export function digestMail(
  options: Pick<MailDigestOptions, 'origin' | 'secret'>,
  account: { id: number; email: string; name: string },
  gathered: readonly Notification[],
): Mail {
  const { origin } = options;
  const shown = gathered.slice(0, MAIL_SHOWN);
  const more = gathered.length - shown.length;
  const first = notificationWords(gathered[0] as Notification).title;
  const token = unsubscribeToken(options.secret, {
    accountId: account.id,
    switches: gathered.map((n) => NOTIFICATION_KINDS[n.kind]),
  });
  const unsubscribe = `${origin}${UNSUBSCRIBE_PATH}?t=${token}`;
  const entries = shown.map((n) => {
    const { title, body } = notificationWords(n);
    return `${title}\n${body}\n${linkOf(origin, n)}`;
  });
  const lines = [
    `Hello ${account.name || 'there'},`,
    '',
    ...entries.flatMap((entry) => [entry, '']),
    ...(more > 0 ? [`And ${more} more: ${origin}/notifications`, ''] : []),
    `Choose what Artmint mails you in your settings: ${origin}/creator-profile-edit`,
    `Or stop these mails in one click: ${unsubscribe}`,
  ];
  const count = gathered.length;
  return {
    to: account.email,
    subject: count === 1 ? `Artmint: ${first}` : `Artmint: ${first}, and ${count - 1} more`,
    text: `${lines.join('\n')}\n`,
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** What a batch of claimed accounts has waiting (the newest NOTIFICATIONS_KEPT each). */
interface Claimed {
  id: number;
  account: { email: string; name: string } | undefined;
  /** The rows read, done with it whatever is mailed. */
  ids: string[];
  /** Those to mail: unread, of a kind whose toggle and mail switch are on. */
  gathered: Notification[];
}

/**
 * Reads what waits for `accountIds`, in three statements for the whole batch, and a fourth that
 * builds the records of the rows to mail only: most rows waiting are of kinds not mailed (an
 * outbid), and building every row's record (its item's picture, its actor's name) made the
 * batch after a busy auction one statement of most of a second.
 */
async function readClaimed(db: Database, accountIds: number[]): Promise<Claimed[]> {
  const { rows: accounts } = await db.query<{ id: number; email: string; name: string }>(
    'SELECT id, email, name FROM accounts WHERE id = ANY($1::int[])',
    [accountIds],
  );
  const { rows: sections } = await db.query<{
    account_id: number;
    section: string;
    fields: Record<string, unknown>;
  }>('SELECT account_id, section, fields FROM profile_sections WHERE account_id = ANY($1::int[])', [
    accountIds,
  ]);
  const { rows: waiting } = await db.query<{
    account_id: number;
    id: string;
    kind: NotificationKind;
    read: boolean;
  }>(
    `SELECT x.account_id, n.id::text AS id, n.kind, n.read_at IS NOT NULL AS read
     FROM (SELECT w.account_id, w.notification_id, row_number() OVER (
             PARTITION BY w.account_id ORDER BY w.notification_id DESC) AS k
           FROM mail_waiting w WHERE w.account_id = ANY($1::int[])) x
     JOIN notifications n ON n.id = x.notification_id
     WHERE x.k <= $2 ORDER BY x.account_id, x.notification_id DESC`,
    [accountIds, NOTIFICATIONS_KEPT],
  );
  const byId = new Map<number, Claimed>(
    accountIds.map((id) => [id, { id, account: undefined, ids: [], gathered: [] }]),
  );
  for (const { id, email, name } of accounts) {
    const claimed = byId.get(id);
    if (claimed) claimed.account = { email, name };
  }
  const fieldsOf = new Map(sections.map((s) => [`${s.account_id} ${s.section}`, s.fields]));
  const toMail: string[] = [];
  for (const { account_id: accountId, id, kind, read } of waiting) {
    const claimed = byId.get(accountId);
    if (!claimed) continue;
    claimed.ids.push(id);
    // Read on a device already, or of a kind not mailed: done without a mail.
    const fields = fieldsOf.get(`${accountId} ${NOTIFICATION_KINDS[kind].section}`);
    if (!read && mailsKind(kind, fields)) toMail.push(id);
  }
  if (toMail.length > 0) {
    const { rows } = await db.query<{ account_id: number; record: Notification }>(
      `SELECT n.account_id, artmint_notification_record(n) AS record FROM notifications n
       WHERE n.id = ANY($1::bigint[]) ORDER BY n.account_id, n.id DESC`,
      [toMail],
    );
    for (const { account_id: accountId, record } of rows)
      byId.get(accountId)?.gathered.push(record);
  }
  return [...byId.values()];
}

/** Done with `done`'s rows, and lets its accounts go (`mailed`: their interval starts now). */
async function finish(db: Database, done: readonly Claimed[], mailed: boolean) {
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM mail_waiting WHERE notification_id = ANY($1::bigint[])', [
      done.flatMap((claimed) => claimed.ids),
    ]);
    await tx.query(
      `UPDATE mail_accounts SET claimed_until = NULL,
         sent_at = CASE WHEN $2 THEN now() ELSE sent_at END
       WHERE account_id = ANY($1::int[])`,
      [done.map((claimed) => claimed.id), mailed],
    );
  });
}

/**
 * Mails a batch of claimed accounts. Those with nothing to mail (most: an outbid is not mailed
 * unless asked for) are done together first; each mailed one is done once the mailer accepted
 * its mail, so a crash mails again only what was not yet done. Answers the mails sent.
 */
async function mailBatch(db: Database, options: MailDigestOptions, accountIds: number[]) {
  const claimed = await readClaimed(db, accountIds);
  const toMail = claimed.filter((c) => c.account !== undefined && c.gathered.length > 0);
  const quiet = claimed.filter((c) => !toMail.includes(c));
  if (quiet.length > 0) await finish(db, quiet, false);
  let sent = 0;
  for (const one of toMail) {
    try {
      const account = { id: one.id, ...(one.account as { email: string; name: string }) };
      await options.mailer.send(digestMail(options, account, one.gathered));
    } catch (error) {
      options.log(`mail: ${(error as Error).name}; tried again in ${MAIL_CLAIM_MINUTES} minutes`);
      continue;
    }
    await finish(db, [one], true);
    sent += 1;
  }
  return sent;
}

/** One run: claims and mails batches of accounts; answers the mails sent. */
export async function sendMailDigests(db: Database, options: MailDigestOptions): Promise<number> {
  const batch = options.batch ?? MAIL_BATCH;
  let sent = 0;
  for (let i = 0; i < (options.maxBatches ?? MAIL_MAX_BATCHES); i += 1) {
    const accounts = await claim(db, options.minutes ?? MAIL_DIGEST_MINUTES, batch);
    if (accounts.length > 0) sent += await mailBatch(db, options, accounts);
    if (accounts.length < batch) break;
  }
  return sent;
}

export interface MailDigester {
  stop(): Promise<void>;
}

/** Runs the job every `everyMs`, one run at a time (shared/serial-runner.ts). */
export function startMailDigest(
  db: Database,
  options: MailDigestOptions & { everyMs?: number },
): MailDigester {
  let stopped = false;
  const runner = serialRunner(
    async () => {
      if (stopped) return;
      const sent = await sendMailDigests(db, options);
      if (sent > 0) options.log(`mail: ${sent} notification mails sent`);
    },
    {
      mayRepeat: () => !stopped,
      onError: (error) =>
        options.log(`mail: ${(error as Error).name}; trying again at the next run`),
    },
  );
  const run = () => void runner.run();
  const timer = setInterval(run, options.everyMs ?? MAIL_EVERY_MS);
  timer.unref?.();
  run();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await runner.running;
    },
  };
}
