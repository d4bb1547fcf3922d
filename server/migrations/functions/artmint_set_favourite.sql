-- A favourite on or off (server/social/favourites.ts), decided and written whole in one call, a
-- statement of its own and so its own transaction, as a bid is (artmint_place_bid.sql): the
-- item's row lock, which orders its entries in the change log, is held only inside the
-- database, never across a round trip to the server.
--
-- Counted against the write limit first (artmint_count_write; `p_key` NULL: not counted): past
-- it, nothing is done and `retry` says when to come back. Else `result` is the push result,
-- stored under the mutation's id: applied, or refused `not-found` with `p_missing`, its words.
-- Setting what already is changes nothing and logs nothing. A change logs the item's new
-- snapshot (artmint_item_json: its favourite count, kept by the favourites' trigger) and stages
-- the favourite for the account's own log (docs/sync.md "Account channel"), both appended at
-- this statement's commit. An id already taken fails the call (unique violation), and
-- server/sync/push.ts answers what is stored.
CREATE OR REPLACE FUNCTION artmint_set_favourite(
  p_key text, p_limit integer, p_window_secs double precision,
  p_id text, p_account integer, p_hash text, p_item integer, p_on boolean, p_missing text,
  OUT retry integer, OUT result jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  refusal text;
  changed integer := 0;
BEGIN
  retry := artmint_count_write(p_key, 1, p_limit, p_window_secs);
  IF retry IS NOT NULL THEN
    RETURN;
  END IF;
  PERFORM 1 FROM items WHERE id = p_item FOR UPDATE;
  IF NOT FOUND THEN
    refusal := 'not-found';
  ELSIF p_on THEN
    INSERT INTO favourites (account_id, item_id) VALUES (p_account, p_item)
    ON CONFLICT (account_id, item_id) DO NOTHING;
    GET DIAGNOSTICS changed = ROW_COUNT;
  ELSE
    DELETE FROM favourites WHERE account_id = p_account AND item_id = p_item;
    GET DIAGNOSTICS changed = ROW_COUNT;
  END IF;

  IF changed > 0 THEN
    PERFORM artmint_log_changes(jsonb_build_array(jsonb_build_object('topic', 'item',
      'key', p_item::text,
      'data', (SELECT artmint_item_json(i) FROM items i WHERE i.id = p_item))));
    INSERT INTO pending_account_changes (account_id, topic, key, data)
    VALUES (p_account, 'favourite', p_item::text,
      CASE WHEN p_on THEN '{"on": true}'::jsonb END);
  END IF;

  result := artmint_store_result(p_id, p_account, 'favourite', p_hash, refusal, p_missing);
END $$;
