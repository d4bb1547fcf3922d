-- Writes a notification of `p_kind` to each of `p_accounts` (docs/product.md "Notifications"),
-- in the caller's transaction, and answers the rows written, in the order of their ids. An
-- account gets none when the toggle that governs the kind (`p_toggle` of its profile section
-- `p_section`, `p_default` while never saved) is off, when it is the actor (nobody is told of
-- their own action), or when it is no account (a sample creator). The kinds and their toggles
-- are shared/notifications.ts's. The rows still have to reach their accounts' logs: artmint_notify
-- stages them for the commit; artmint_place_bid appends them itself, under the log's lock.
CREATE OR REPLACE FUNCTION artmint_write_notifications(
  p_accounts integer[], p_kind text, p_section text, p_toggle text, p_default boolean,
  p_actor integer, p_item integer, p_facts jsonb)
RETURNS SETOF notifications
LANGUAGE plpgsql AS $$
DECLARE
  price numeric := (p_facts->>'priceEth')::numeric;
  facts jsonb := p_facts;
BEGIN
  -- A price as the words show amounts: two decimals at least (server/market/amounts.ts ethText).
  IF price IS NOT NULL THEN
    facts := facts || jsonb_build_object('priceEth', CASE WHEN scale(trim_scale(price)) <= 2
      THEN round(price, 2)::text ELSE trim_scale(price)::text END);
  END IF;
  RETURN QUERY
  INSERT INTO notifications AS n (account_id, kind, item_id, actor_id, facts)
  -- The actor only when an account: the owner of a sample creator's item (the ending-soon
  -- job's actor) is none.
  SELECT a.id, p_kind, p_item, (SELECT x.id FROM accounts x WHERE x.id = p_actor), facts
  FROM accounts a
  WHERE a.id = ANY (p_accounts) AND a.id IS DISTINCT FROM p_actor
    AND coalesce((SELECT (ps.fields -> p_toggle) = 'true'::jsonb FROM profile_sections ps
      WHERE ps.account_id = a.id AND ps.section = p_section), p_default)
  ORDER BY a.id
  RETURNING n.*;
END
$$;
