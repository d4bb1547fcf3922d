-- An item open to offers, or at a fixed price, shows its best offer, and the sample catalogue
-- makes none: the sample's highest bid (3.55 ETH) belongs to its auctions (docs/product.md
-- "Price and highest bid"). Items that are not auctions and have no bid or offer lose the
-- figure that no offer stands behind, so they say "No offers yet" like the app's own sample.
UPDATE items i SET highest_bid_eth = 0, data = i.data || '{"highestBidEth": "0"}'::jsonb
  WHERE i.sale_kind <> 'auctions' AND i.highest_bid_eth <> 0
    AND NOT EXISTS (SELECT 1 FROM bids b WHERE b.item_id = i.id);
-- Devices hold the old figure, and no log entry tells them: a device whose cursor is older than
-- `start_over_below` starts again from the snapshot (docs/sync.md "Snapshot"), keeping its
-- waiting changes, as one behind the compaction's horizon does. The entries themselves stay for
-- the compaction. A database with an empty log has no device to tell.
ALTER TABLE log_horizon ADD COLUMN start_over_below bigint NOT NULL DEFAULT 0;
UPDATE log_horizon SET start_over_below = (SELECT max(seq) + 1 FROM changes)
  WHERE EXISTS (SELECT 1 FROM changes);
