-- The change log's compaction (server/sync/compaction.ts, docs/sync.md "Compaction"): how far it
-- has gone, and an index to find, for an entry, a newer entry of the same record.
CREATE TABLE log_horizon (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  -- Entries up to this sequence are compacted: a device whose cursor is older starts from the
  -- snapshot (server/sync/snapshot.ts).
  seq bigint NOT NULL DEFAULT 0
);
INSERT INTO log_horizon DEFAULT VALUES;
CREATE INDEX changes_record ON changes (topic, key, seq);
-- The newest activity first (the snapshot's and the compaction's latest entries).
CREATE INDEX IF NOT EXISTS activity_newest ON activity (created_at DESC, id DESC);
-- An item's newest bids first (the snapshot's latest bids of each item).
CREATE INDEX IF NOT EXISTS bids_item_newest ON bids (item_id, created_at DESC, id DESC);
