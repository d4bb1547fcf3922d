-- Every notification row written waits for the mail job (migration 026, `mail_waiting`;
-- server/notifications/mail-digest.ts), in the statement that writes it: the job mails it, or
-- finds it is not to be mailed, and only then is it done.
CREATE OR REPLACE FUNCTION artmint_mail_waiting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO mail_waiting (notification_id, account_id)
  SELECT w.id, w.account_id FROM written w;
  RETURN NULL;
END
$$;
