-- Writes a notification of `p_kind` to each of `p_accounts` (docs/product.md "Notifications"),
-- in the caller's transaction, and answers the rows written. An account gets none when the
-- toggle that governs the kind (`p_toggle` of its profile section `p_section`, `p_default`
-- while never saved) is off, when it is the actor (nobody is told of their own action), or when
-- it is no account (a sample creator). The kinds and their toggles are shared/notifications.ts's;
-- server/notifications/write.ts passes them, and artmint_notify_bid names the bid's own. Each row
-- is staged, in the same statement, for its account's log (topic `notification`, its record as
-- artmint_notification_record builds it: docs/sync.md "Account channel"), so it reaches every
-- device of the account.
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
  WITH written AS (
    INSERT INTO notifications AS n (account_id, kind, item_id, actor_id, facts)
    -- The actor only when an account: the owner of a sample creator's item (the ending-soon
    -- job's actor) is none.
    SELECT a.id, p_kind, p_item, (SELECT x.id FROM accounts x WHERE x.id = p_actor), facts
    FROM accounts a
    WHERE a.id = ANY (p_accounts) AND a.id IS DISTINCT FROM p_actor
      AND coalesce((SELECT (ps.fields -> p_toggle) = 'true'::jsonb FROM profile_sections ps
        WHERE ps.account_id = a.id AND ps.section = p_section), p_default)
    ORDER BY a.id
    RETURNING n AS r, artmint_notification_record(n) AS record
  ), staged AS (
    INSERT INTO pending_account_changes (account_id, topic, key, data)
    SELECT (w.r).account_id, 'notification', (w.r).id::text, w.record FROM written w
    ORDER BY (w.r).id
  )
  SELECT (w.r).* FROM written w ORDER BY (w.r).id;
END
$$;
