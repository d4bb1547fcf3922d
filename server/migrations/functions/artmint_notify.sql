-- Writes a notification of `p_kind` to each of `p_accounts` (docs/product.md "Notifications"),
-- in the caller's transaction, and answers the rows written. An account gets none when the
-- toggle that governs the kind (`p_toggle` of its profile section `p_section`, `p_default`
-- while never saved) is off, when it is the actor (nobody is told of their own action), or when
-- it is no account (a sample creator). The kinds and their toggles are shared/notifications.ts's;
-- server/notifications/write.ts passes them, and artmint_notify_bid names the bid's own.
CREATE OR REPLACE FUNCTION artmint_notify(
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
  SELECT a.id, p_kind, p_item, p_actor, facts FROM accounts a
  WHERE a.id = ANY (p_accounts) AND a.id IS DISTINCT FROM p_actor
    AND coalesce((SELECT (ps.fields -> p_toggle) = 'true'::jsonb FROM profile_sections ps
      WHERE ps.account_id = a.id AND ps.section = p_section), p_default)
  ORDER BY a.id
  RETURNING n.*;
END
$$;
