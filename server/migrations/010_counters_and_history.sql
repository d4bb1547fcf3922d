-- Counts the server keeps (docs/database.md "Counters"): an item's favourites and bids and a
-- creator's followers are columns, kept by triggers on the rows they count, so that no write
-- and no snapshot counts rows. The shown favourites are favourites_base (the sample figure)
-- plus favourite_count, the shown followers followers_base plus follower_count.
ALTER TABLE items ADD COLUMN favourite_count integer NOT NULL DEFAULT 0;
ALTER TABLE items ADD COLUMN bid_count integer NOT NULL DEFAULT 0;
ALTER TABLE creators ADD COLUMN follower_count integer NOT NULL DEFAULT 0;

UPDATE items i SET favourite_count = f.n
FROM (SELECT item_id, count(*)::int AS n FROM favourites GROUP BY item_id) f
WHERE f.item_id = i.id;
UPDATE items i SET bid_count = b.n
FROM (SELECT item_id, count(*)::int AS n FROM bids GROUP BY item_id) b
WHERE b.item_id = i.id;
UPDATE creators c SET follower_count = f.n
FROM (SELECT creator_id, count(*)::int AS n FROM follows GROUP BY creator_id) f
WHERE f.creator_id = c.id;

-- Statement triggers over the statement's rows (transition tables `added` and `removed`): a
-- write of one row moves its counter by one, a bulk load (COPY, INSERT ... SELECT) moves each
-- counter once. One function for the three counters; its arguments name the counted rows'
-- column, and the counter's table and column. The counter's row is locked by the UPDATE, so
-- concurrent writers add up; a row already gone (its item deleted, the cascade deleting its
-- favourites) is simply not updated.
CREATE FUNCTION artmint_count_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'UPDATE %I t SET %I = t.%I %s d.n
     FROM (SELECT %I AS id, count(*)::int AS n FROM %I GROUP BY 1) d WHERE t.id = d.id',
    TG_ARGV[1], TG_ARGV[2], TG_ARGV[2], CASE WHEN TG_OP = 'INSERT' THEN '+' ELSE '-' END,
    TG_ARGV[0], CASE WHEN TG_OP = 'INSERT' THEN 'added' ELSE 'removed' END);
  RETURN NULL;
END
$$;

CREATE TRIGGER favourites_counted_in AFTER INSERT ON favourites
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT
  EXECUTE FUNCTION artmint_count_rows('item_id', 'items', 'favourite_count');
CREATE TRIGGER favourites_counted_out AFTER DELETE ON favourites
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT
  EXECUTE FUNCTION artmint_count_rows('item_id', 'items', 'favourite_count');
CREATE TRIGGER bids_counted_in AFTER INSERT ON bids
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT
  EXECUTE FUNCTION artmint_count_rows('item_id', 'items', 'bid_count');
CREATE TRIGGER bids_counted_out AFTER DELETE ON bids
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT
  EXECUTE FUNCTION artmint_count_rows('item_id', 'items', 'bid_count');
CREATE TRIGGER follows_counted_in AFTER INSERT ON follows
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT
  EXECUTE FUNCTION artmint_count_rows('creator_id', 'creators', 'follower_count');
CREATE TRIGGER follows_counted_out AFTER DELETE ON follows
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT
  EXECUTE FUNCTION artmint_count_rows('creator_id', 'creators', 'follower_count');

-- The pages of history served from the tables (server/market/history.ts), newest first in a
-- stable order: an item's bids, the activity feed, an account's bids.
CREATE INDEX IF NOT EXISTS bids_item_newest ON bids (item_id, created_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS activity_newest ON activity (created_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS bids_account_newest ON bids (account_id, created_at DESC, id DESC);
