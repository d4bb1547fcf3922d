-- Writes a notification of `p_kind` to each of `p_accounts` as artmint_write_notifications does
-- (the toggles, the actor, no account), in the caller's transaction, and answers the rows
-- written. Each row is staged, in the same statement, for its account's log (topic
-- `notification`, its record as artmint_notification_record builds it: docs/sync.md "Account
-- channel"), so it reaches every device of the account. server/notifications/write.ts calls it,
-- and so do the follow and the ending-soon job; the bid appends its own (artmint_place_bid).
CREATE OR REPLACE FUNCTION artmint_notify(
  p_accounts integer[], p_kind text, p_section text, p_toggle text, p_default boolean,
  p_actor integer, p_item integer, p_facts jsonb) RETURNS SETOF notifications
LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY
  WITH written AS (
    SELECT n FROM artmint_write_notifications(p_accounts, p_kind, p_section, p_toggle,
      p_default, p_actor, p_item, p_facts) n
  ), staged AS (
    INSERT INTO pending_account_changes (account_id, topic, key, data)
    SELECT (w.n).account_id, 'notification', (w.n).id::text, artmint_notification_record(w.n)
    FROM written w ORDER BY (w.n).id
  )
  SELECT (w.n).* FROM written w ORDER BY (w.n).id;
END
$$;
