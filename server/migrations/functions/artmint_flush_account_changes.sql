-- At COMMIT: the account entries the transaction staged (server/core/account-log.ts),
-- appended in order under the change log's lock (the same lock as artmint_flush_changes, so a
-- transaction that writes for two accounts, or for the public log and an account, takes one
-- lock and cannot deadlock), each account's count and newest entry kept in account_logs, and
-- the accounts announced (delivered when the transaction commits; '' when there are too many
-- to name). Fired once per staged row: the first moves them all, the others find their row
-- gone, by one probe of the primary key (a scan of the table would walk every row moved, dead
-- until the commit, once per row: quadratic in the rows a transaction stages, 1,000 at a time
-- in the ending-soon job, server/notifications/ending-soon.ts).
CREATE OR REPLACE FUNCTION artmint_flush_account_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  named text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pending_account_changes p WHERE p.n = NEW.n) THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock(7263002);
  WITH moved AS (
    DELETE FROM pending_account_changes RETURNING n, account_id, topic, key, data
  ), appended AS (
    INSERT INTO account_changes (account_id, topic, key, data)
    SELECT m.account_id, m.topic, m.key, m.data FROM moved m
    WHERE EXISTS (SELECT 1 FROM accounts a WHERE a.id = m.account_id)
    ORDER BY m.n
    RETURNING account_id, seq
  ), counted AS (
    INSERT INTO account_logs AS l (account_id, newest, entries)
    SELECT account_id, max(seq), count(*) FROM appended GROUP BY account_id
    ON CONFLICT (account_id) DO UPDATE
      SET newest = EXCLUDED.newest, entries = l.entries + EXCLUDED.entries
    RETURNING l.account_id
  )
  SELECT string_agg(account_id::text, ',' ORDER BY account_id) INTO named FROM counted;
  IF named IS NOT NULL THEN
    PERFORM pg_notify('artmint_account_changes',
      CASE WHEN length(named) <= 7000 THEN named ELSE '' END);
  END IF;
  RETURN NULL;
END
$$;
