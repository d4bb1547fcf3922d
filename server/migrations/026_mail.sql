-- Mail of notifications (docs/product.md "Notifications", server/notifications/mail-digest.ts):
-- each account gets at most one mail every MAIL_DIGEST_MINUTES, gathering its new notifications
-- whose toggle and mail switch are on.
--
-- Every notification row written is, in the same statement, waiting for the mail job
-- (`mail_waiting`): a row goes only once the mailer accepted the mail that gathered it (or the job
-- found it not to be mailed), so a crash before that mails it again. The table holds only what
-- waits (a minute's rows, or an interval's for an account mailed lately), never every
-- notification; the job finds the accounts to mail in it, never in all the accounts.
CREATE TABLE mail_waiting (
  notification_id bigint PRIMARY KEY REFERENCES notifications (id) ON DELETE CASCADE,
  account_id integer NOT NULL
);
CREATE INDEX mail_waiting_account ON mail_waiting (account_id, notification_id);

-- Each account the job mailed or is mailing: when it last sent one (the interval counts from
-- it), and until when a server process holds it (`claimed_until`: a process that dies holding it
-- lets it go then, and its rows are mailed again).
CREATE TABLE mail_accounts (
  account_id integer PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  sent_at timestamptz,
  claimed_until timestamptz
);

-- The trigger's function, to be replaced: its body is functions/artmint_mail_waiting.sql, which
-- the migration step applies after the migrations, in the same transaction.
CREATE FUNCTION artmint_mail_waiting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RETURN NULL;
END
$$;

CREATE TRIGGER notifications_mail_waiting AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION artmint_mail_waiting();

-- The secret the one-click unsubscribe links are signed with (server/notifications/mail-token.ts),
-- made on the first start unless MAIL_SECRET gives one: one row, the same for every process.
CREATE TABLE mail_secret (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  secret text NOT NULL
);
