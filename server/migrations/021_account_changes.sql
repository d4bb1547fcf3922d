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

-- The trigger's function, to be replaced: its body is functions/artmint_flush_account_changes.sql,
-- which the migration step applies after the migrations, in the same transaction.
CREATE FUNCTION artmint_flush_account_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER pending_account_changes_flush AFTER INSERT ON pending_account_changes
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION artmint_flush_account_changes();
