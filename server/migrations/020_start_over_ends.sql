-- A start-over ends (docs/sync.md "Compaction"). A device whose cursor is older than
-- log_horizon.start_over_below starts from the snapshot, whose cursor is the log's newest entry;
-- 014 set it to the newest entry plus one, so until a write appended an entry every snapshot's
-- cursor was still below it and every device downloaded the snapshot again on every cycle. One
-- entry of the log's own (topic `log`, which devices leave alone) brings the newest entry up to
-- start_over_below: a device from before 014 still starts over, once. Under the log's lock, as
-- every append (a second server may be serving meanwhile).
SELECT pg_advisory_xact_lock(7263002);
INSERT INTO changes (topic, key, data)
  SELECT 'log', 'start-over', NULL FROM log_horizon
  WHERE start_over_below > coalesce((SELECT max(seq) FROM changes), 0);
SELECT pg_notify('artmint_changes', '');
