-- The Live Auction list answered by the server (server/catalog/lists.ts `running=1`, docs/database.md
-- "Lists and search"): auctions not settled nor unlisted, by end to the millisecond (as devices
-- compare liveDate), the catalogue's order breaking ties; a page after a cursor is one index range.
CREATE INDEX items_running ON items
  (date_trunc('milliseconds', ends_at AT TIME ZONE 'UTC'), list_order)
  WHERE sale_kind = 'auctions' AND settled_at IS NULL AND unlisted_at IS NULL;
