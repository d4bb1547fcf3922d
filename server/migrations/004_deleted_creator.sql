-- A deleted account's placeholder creator says so (data.deleted), so that creator lists leave it
-- out while its items still show it. Placeholders made before carry the neutral name and handle
-- and no account; the change log carries the correction to every device.
WITH marked AS (
  UPDATE creators SET data = data || '{"deleted": true}'::jsonb
  WHERE account_id IS NULL AND data->>'handle' = '@deleted'
    AND data->>'name' = 'Deleted collector' AND NOT data ? 'deleted'
  RETURNING id, data, followers_base
)
INSERT INTO changes (topic, key, data)
SELECT 'creator', m.id::text, m.data || jsonb_build_object('followers',
  m.followers_base + (SELECT count(*) FROM follows f WHERE f.creator_id = m.id)::int)
FROM marked m ORDER BY m.id;
