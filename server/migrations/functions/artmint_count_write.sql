-- The write limit, counted in the database in the write's own request, so that every server
-- process on one PostgreSQL shares it (server/sync/push.ts, docs/security.md). A count is
-- per key (an account or an address) in fixed windows; the answer is null while under the
-- limit, else the seconds until the window ends. p_max 0 turns the limit off.
CREATE OR REPLACE FUNCTION artmint_count_write(p_key text, p_weight integer, p_max integer,
  p_window_secs double precision)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  counted record;
BEGIN
  IF p_max <= 0 OR p_key IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO rate_limits AS l (key, window_start, count) VALUES (p_key, now(), p_weight)
  ON CONFLICT (key) DO UPDATE SET
    window_start = CASE WHEN l.window_start <= now() - make_interval(secs => p_window_secs)
      THEN now() ELSE l.window_start END,
    count = CASE WHEN l.window_start <= now() - make_interval(secs => p_window_secs)
      THEN p_weight ELSE l.count + p_weight END
  RETURNING l.count, l.window_start INTO counted;
  IF counted.count <= p_max THEN
    RETURN NULL;
  END IF;
  RETURN greatest(1, ceil(extract(epoch FROM
    counted.window_start + make_interval(secs => p_window_secs) - now())))::integer;
END $$;
