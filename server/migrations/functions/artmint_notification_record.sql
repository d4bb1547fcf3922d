-- A notification row as the inbox carries it (shared/notifications.ts Notification): the record
-- GET /api/notifications answers for the row, and the one its account's log gets (topic
-- `notification`, docs/sync.md "Account channel") when the row is written or marked read. The
-- item's picture and the actor's name are read as they are now (docs/database.md
-- "Notifications"). Its answer cannot change shape in place: server/notifications/ reads it.
-- In PL/pgSQL, as artmint_item_json, so that its plan is kept for the session.
CREATE OR REPLACE FUNCTION artmint_notification_record(n notifications)
RETURNS jsonb
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN jsonb_build_object(
    'id', n.id, 'kind', n.kind,
    'at', to_char(n.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'read', n.read_at IS NOT NULL, 'itemId', n.item_id,
    'image', (SELECT i.data->>'image' FROM items i WHERE i.id = n.item_id),
    'actor', (SELECT jsonb_build_object('id', a.id, 'name', a.name) FROM accounts a
      WHERE a.id = n.actor_id),
    'facts', n.facts);
END
$$;
