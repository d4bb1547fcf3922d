-- Appends entries to the accounts' own logs (docs/sync.md "Account channel"), in the order given
-- (the four arrays side by side: account, topic, key, data; NULL data: the record is gone),
-- keeps each account's count and newest entry in account_logs, and announces the accounts
-- (delivered when the transaction commits; '' when there are too many to name). An entry for an
-- account that no longer exists is left out. The caller holds the change log's lock
-- (pg_advisory_xact_lock(7263002)) until its commit, so the logs' order is the commits' order:
-- artmint_flush_account_changes at a commit, and artmint_place_bid, which takes the lock itself.
CREATE OR REPLACE FUNCTION artmint_append_account_changes(
  p_accounts integer[], p_topics text[], p_keys text[], p_data jsonb[])
RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  named text;
BEGIN
  WITH appended AS (
    INSERT INTO account_changes (account_id, topic, key, data)
    SELECT e.account_id, e.topic, e.key, e.data
    FROM unnest(p_accounts, p_topics, p_keys, p_data) WITH ORDINALITY
      AS e(account_id, topic, key, data, n)
    WHERE EXISTS (SELECT 1 FROM accounts a WHERE a.id = e.account_id)
    ORDER BY e.n
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
END
$$;
