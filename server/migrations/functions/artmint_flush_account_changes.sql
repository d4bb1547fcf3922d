-- At COMMIT: the account entries the transaction staged (server/core/account-log.ts), appended
-- in order under the change log's lock (the same lock as artmint_flush_changes, so a transaction
-- that writes for two accounts, or for the public log and an account, takes one lock and cannot
-- deadlock) by artmint_append_account_changes, which counts and announces them. Fired once per
-- staged row: the first moves them all, the others find their row gone, by one probe of the
-- primary key (a scan of the table would walk every row moved, dead until the commit, once per
-- row: quadratic in the rows a transaction stages, 1,000 at a time in the ending-soon job,
-- server/notifications/ending-soon.ts).
CREATE OR REPLACE FUNCTION artmint_flush_account_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  topics text[];
  keys text[];
  records jsonb[];
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pending_account_changes p WHERE p.n = NEW.n) THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock(7263002);
  WITH moved AS (
    DELETE FROM pending_account_changes RETURNING n, account_id, topic, key, data
  )
  SELECT array_agg(m.account_id ORDER BY m.n), array_agg(m.topic ORDER BY m.n),
    array_agg(m.key ORDER BY m.n), array_agg(m.data ORDER BY m.n)
  INTO ids, topics, keys, records FROM moved m;
  PERFORM artmint_append_account_changes(ids, topics, keys, records);
  RETURN NULL;
END
$$;
