-- Every auction bid marks the item's active bids outbid: find them without reading the item's
-- whole bid history (an auction under load gathers thousands of bids).
CREATE INDEX bids_active ON bids (item_id) WHERE status = 'active';
