-- The change log's identity (docs/sync.md "Compaction"): a new database makes a new one. A
-- database restored from a backup brings its old one back with the row, so the restore steps
-- give it a new one (`npm run log:rotate`, docs/operations.md "Backups"). A device that hears
-- another identity than the one of the log it followed starts from the snapshot.
ALTER TABLE log_horizon ADD COLUMN log_id uuid NOT NULL DEFAULT gen_random_uuid();
