-- A bid counted against the write limit first (artmint_count_write), in the same call: over the
-- limit, nothing of the bid is done and `retry` says when to come back; else artmint_place_bid's
-- answer.
CREATE OR REPLACE FUNCTION artmint_place_bid_limited(
  p_key text, p_limit integer, p_window_secs double precision,
  p_item integer, p_price numeric, p_min numeric, p_step numeric, p_id text,
  p_account integer, p_bidder text, p_quantity numeric, p_hash text, p_max numeric,
  OUT retry integer, OUT refusal text, OUT highest_text text, OUT next_text text,
  OUT log_seq bigint, OUT sale_kind text)
LANGUAGE plpgsql AS $$
BEGIN
  retry := artmint_count_write(p_key, 1, p_limit, p_window_secs);
  IF retry IS NOT NULL THEN
    RETURN;
  END IF;
  SELECT b.refusal, b.highest_text, b.next_text, b.log_seq, b.sale_kind
    INTO refusal, highest_text, next_text, log_seq, sale_kind
    FROM artmint_place_bid(p_item, p_price, p_min, p_step, p_id, p_account, p_bidder,
      p_quantity, p_hash, p_max) b;
END $$;
