-- The bid writes its notifications with artmint_write_notifications and appends its accounts'
-- entries itself, under the log's lock it already holds (functions/artmint_place_bid.sql), instead
-- of staging them for the commit: a bid cost PostgreSQL twice its time before the account channel
-- and the notifications, and the item's row stays locked for all of it (docs/performance.md). The
-- bid's own wrapper of artmint_notify goes; its file is gone with it.
DROP FUNCTION IF EXISTS artmint_notify_bid(integer, integer, boolean, text, numeric, jsonb[]);
DELETE FROM schema_functions WHERE name = 'artmint_notify_bid';
