-- The account channel (docs/sync.md "Account channel"): each account's own log, apart from the
-- public change log. Every write that changes an account's own records stages entries in
-- `pending_account_changes` (server/core/account-log.ts, and artmint_place_bid); a deferred
-- constraint trigger appends them to `account_changes` during COMMIT under the change log's
-- lock (7263002), so the entries of every account become visible in sequence order, as the
-- public log's do (docs/database.md "The change log and its lock").
CREATE TABLE account_changes (
  seq bigserial PRIMARY KEY,
  account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  topic text NOT NULL,
  key text NOT NULL,
  -- The record's new state; NULL: it is gone.
  data jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX account_changes_account ON account_changes (account_id, seq);

-- Each account's log as a whole: its newest entry, how many it keeps, and how far the pruning
-- went (server/housekeeping.ts): entries up to `pruned_through` are gone, and a device whose
-- cursor is older is answered `reset`.
CREATE TABLE account_logs (
  account_id integer PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  newest bigint NOT NULL DEFAULT 0,
  entries integer NOT NULL DEFAULT 0,
  pruned_through bigint NOT NULL DEFAULT 0
);
CREATE INDEX account_logs_entries ON account_logs (entries);

CREATE TABLE pending_account_changes (
  n bigserial PRIMARY KEY,
  account_id integer NOT NULL,
  topic text NOT NULL,
  key text NOT NULL,
  data jsonb
);

-- The function as it first was; its current body is functions/artmint_flush_account_changes.sql.
CREATE FUNCTION artmint_flush_account_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  named text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pending_account_changes) THEN
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

CREATE CONSTRAINT TRIGGER pending_account_changes_flush AFTER INSERT ON pending_account_changes
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION artmint_flush_account_changes();
