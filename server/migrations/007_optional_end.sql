-- An item may have no end (issue 31): an upload without an end date is on sale until it sells
-- or its owner unlists it, so it stores no end instead of the time of upload. An auction always
-- has one. Uploads made before this migration without an end date get theirs back to none.
ALTER TABLE items ALTER COLUMN ends_at DROP NOT NULL;
UPDATE items SET ends_at = NULL
  WHERE sale_kind <> 'auctions' AND coalesce(data->>'liveDate', '') = '';
ALTER TABLE items ADD CONSTRAINT items_auction_has_end
  CHECK (sale_kind <> 'auctions' OR ends_at IS NOT NULL);
