-- An owner may take an item off sale (no more bids or Buy Now on it).
ALTER TABLE items ADD COLUMN unlisted_at timestamptz;
-- The settler looks for auctions whose end has passed and that nobody has settled yet.
CREATE INDEX items_unsettled ON items (ends_at) WHERE settled_at IS NULL AND sale_kind = 'auctions';
