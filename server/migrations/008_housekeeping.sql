-- What the server's housekeeping (server/housekeeping.ts) needs to find its work without
-- scanning whole tables, and an image's size, for the upload quota per account.
ALTER TABLE images ADD COLUMN size integer NOT NULL DEFAULT 0;
UPDATE images SET size = octet_length(bytes);
CREATE INDEX images_account ON images (account_id);
CREATE INDEX images_created ON images (created_at);
-- Which items show an uploaded image (an image no item, avatar or banner uses is removed).
CREATE INDEX items_uploaded_image ON items ((data->>'image')) WHERE data->>'image' LIKE '/api/images/%';
CREATE INDEX sessions_expires ON sessions (expires_at);
CREATE INDEX reset_tokens_expires ON reset_tokens (expires_at);
CREATE INDEX reset_tokens_account ON reset_tokens (account_id);
-- Stored push results whose bodies are still whole, oldest first.
ALTER TABLE mutations ADD COLUMN pruned boolean NOT NULL DEFAULT false;
CREATE INDEX mutations_unpruned ON mutations (created_at) WHERE NOT pruned;
-- Messages (newsletter, contact, support) are mailed to the team, then kept 30 days.
ALTER TABLE messages ADD COLUMN delivered_at timestamptz;
CREATE INDEX messages_undelivered ON messages (created_at) WHERE delivered_at IS NULL;
CREATE INDEX messages_delivered ON messages (delivered_at) WHERE delivered_at IS NOT NULL;
-- Rate limits every server process on one PostgreSQL shares (server/http/guards.ts
-- sharedWindow); rows of windows long over are deleted by the housekeeping.
CREATE UNLOGGED TABLE rate_limits (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  count integer NOT NULL
);
CREATE INDEX rate_limits_window ON rate_limits (window_start);
