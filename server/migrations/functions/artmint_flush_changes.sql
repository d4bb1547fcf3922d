-- At COMMIT: the log's lock, the staged entries appended in order, and the announcement that
-- the log grew (delivered when the transaction commits). Fired once per staged row: the first
-- moves them all, the others find their row gone, by one probe of the primary key (a scan of
-- the table would walk every row moved, dead until the commit, once per row: quadratic in the
-- rows a transaction stages).
CREATE OR REPLACE FUNCTION artmint_flush_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pending_changes p WHERE p.n = NEW.n) THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock(7263002);
  WITH moved AS (DELETE FROM pending_changes RETURNING n, topic, key, data)
  INSERT INTO changes (topic, key, data) SELECT topic, key, data FROM moved ORDER BY n;
  PERFORM pg_notify('artmint_changes', '');
  RETURN NULL;
END
$$;
