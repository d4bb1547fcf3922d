-- Edits merge (docs/sync.md "Edits merge"): a profile section counts its saves (`version`) and
-- keeps, per field, the version of the save that last changed it (`field_versions`), so a save
-- of the fields a device changed against the version it had sets what nobody changed since, and
-- leaves what another device's save changed first. A section saved before this migration is
-- version 0 with every field at 0: the state every device that has it started from.
ALTER TABLE profile_sections
  ADD COLUMN version integer NOT NULL DEFAULT 0,
  ADD COLUMN field_versions jsonb NOT NULL DEFAULT '{}'::jsonb;
