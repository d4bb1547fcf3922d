-- A follow on or off (server/social/follows.ts), decided and written whole in one call, as a
-- favourite is (artmint_set_favourite.sql: the write limit first, `retry`, the creator's row
-- lock held only inside the database, `result` stored under the mutation's id, an id already
-- taken failing the call). Refused `not-found` (`p_missing` its words) or `forbidden`: nobody
-- follows themselves, as the creator or as the account that made it
-- (`p_self`). A change logs the creator's new snapshot (server/core/snapshots.ts CREATOR_JSON:
-- the follower count its trigger keeps) and stages the follow for the account's own log; a
-- new follow writes the creator's account a `follower` notification (artmint_notify, with the
-- kind's section, toggle and default that server/notifications/write.ts passes).
CREATE OR REPLACE FUNCTION artmint_set_follow(
  p_key text, p_limit integer, p_window_secs double precision,
  p_id text, p_account integer, p_hash text, p_creator integer, p_on boolean,
  p_missing text, p_self text, p_section text, p_toggle text, p_default boolean,
  OUT retry integer, OUT result jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  refusal text;
  maker integer;
  changed integer := 0;
  words text;
BEGIN
  retry := artmint_count_write(p_key, 1, p_limit, p_window_secs);
  IF retry IS NOT NULL THEN
    RETURN;
  END IF;
  SELECT c.account_id INTO maker FROM creators c WHERE c.id = p_creator FOR UPDATE;
  IF NOT FOUND THEN
    refusal := 'not-found';
    words := p_missing;
  ELSIF p_creator = p_account OR maker = p_account THEN
    refusal := 'forbidden';
    words := p_self;
  ELSIF p_on THEN
    INSERT INTO follows (account_id, creator_id) VALUES (p_account, p_creator)
    ON CONFLICT (account_id, creator_id) DO NOTHING;
    GET DIAGNOSTICS changed = ROW_COUNT;
  ELSE
    DELETE FROM follows WHERE account_id = p_account AND creator_id = p_creator;
    GET DIAGNOSTICS changed = ROW_COUNT;
  END IF;

  IF changed > 0 THEN
    PERFORM artmint_log_changes(jsonb_build_array(jsonb_build_object('topic', 'creator',
      'key', p_creator::text,
      'data', (SELECT c.data || jsonb_build_object('followers',
        c.followers_base + c.follower_count) FROM creators c WHERE c.id = p_creator))));
    INSERT INTO pending_account_changes (account_id, topic, key, data)
    VALUES (p_account, 'follow', p_creator::text,
      CASE WHEN p_on THEN '{"on": true}'::jsonb END);
    IF p_on AND maker IS NOT NULL THEN
      PERFORM artmint_notify(ARRAY[maker], 'follower', p_section, p_toggle, p_default,
        p_account, NULL, '{}'::jsonb);
    END IF;
  END IF;

  result := artmint_store_result(p_id, p_account, 'follow', p_hash, refusal, words);
END $$;
