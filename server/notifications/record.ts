// A notification row as the inbox carries it (shared/notifications.ts Notification): the SQL
// that builds the record from a row of `notifications`, reading the item's picture and the
// actor's name as they are now (docs/database.md "Notifications").

/** SQL of the record of the notifications row aliased `n`. */
export const notificationJson = (n: string) => `jsonb_build_object(
  'id', ${n}.id, 'kind', ${n}.kind,
  'at', to_char(${n}.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'read', ${n}.read_at IS NOT NULL, 'itemId', ${n}.item_id,
  'image', (SELECT i.data->>'image' FROM items i WHERE i.id = ${n}.item_id),
  'actor', (SELECT jsonb_build_object('id', a.id, 'name', a.name) FROM accounts a
    WHERE a.id = ${n}.actor_id),
  'facts', ${n}.facts)`;
