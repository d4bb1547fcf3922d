-- The write limit, counted in the database in the write's own request, so that every server
-- process on one PostgreSQL shares it (server/sync/push.ts, docs/security.md). A count is
-- per key (an account or an address) in fixed windows; the answer is null while under the
-- limit, else the seconds until the window ends. p_max 0 turns the limit off.
CREATE FUNCTION artmint_count_write(p_key text, p_weight integer, p_max integer,
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

-- A bid counted against the write limit first, in the same call: over the limit, nothing of
-- the bid is done and `retry` says when to come back.
CREATE FUNCTION artmint_place_bid_limited(
  p_key text, p_limit integer, p_window_secs double precision,
  p_item integer, p_price numeric, p_min numeric, p_step numeric, p_id text,
  p_account integer, p_bidder text, p_quantity numeric, p_hash text, p_max numeric,
  OUT retry integer, OUT refusal text, OUT highest_text text, OUT next_text text,
  OUT log_seq bigint)
LANGUAGE plpgsql AS $$
BEGIN
  retry := artmint_count_write(p_key, 1, p_limit, p_window_secs);
  IF retry IS NOT NULL THEN
    RETURN;
  END IF;
  SELECT b.refusal, b.highest_text, b.next_text, b.log_seq
    INTO refusal, highest_text, next_text, log_seq
    FROM artmint_place_bid(p_item, p_price, p_min, p_step, p_id, p_account, p_bidder,
      p_quantity, p_hash, p_max) b;
END $$;
