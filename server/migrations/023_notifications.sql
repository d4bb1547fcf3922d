-- Notifications (docs/product.md "Notifications"): what happened to an account, written in the
-- transaction of the event that caused it (functions/artmint_notify.sql), read newest first by
-- its inbox (GET /api/notifications), marked read through the push. Each account keeps its
-- newest NOTIFICATIONS_KEPT; the housekeeping prunes the rest (server/notifications/prune.ts).
-- The item and the actor are read when the inbox is: a deleted item takes its notifications
-- with it, a deleted actor leaves them without a name.
CREATE TABLE notifications (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  kind text NOT NULL,
  item_id integer REFERENCES items (id) ON DELETE CASCADE,
  -- Who caused it (the outbidding bidder, the new follower...), when an account did.
  actor_id integer REFERENCES accounts (id) ON DELETE SET NULL,
  -- What its words show besides the item and the actor: the item's title, a price.
  facts jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz
);

-- The inbox's pages, newest first, and the housekeeping's cut past the newest kept.
CREATE INDEX notifications_account_newest ON notifications (account_id, id DESC);
-- The unread count.
CREATE INDEX notifications_unread ON notifications (account_id) WHERE read_at IS NULL;
-- A deleted item or actor finds its rows without a scan.
CREATE INDEX notifications_item ON notifications (item_id) WHERE item_id IS NOT NULL;
CREATE INDEX notifications_actor ON notifications (actor_id) WHERE actor_id IS NOT NULL;

-- The "ending soon" fan-out (server/notifications/ending-soon.ts): an auction's watchers are told
-- once, a batch at a time after the auction's own writes, resumed from `after_account`.
CREATE TABLE ending_soon (
  item_id integer PRIMARY KEY REFERENCES items (id) ON DELETE CASCADE,
  after_account integer NOT NULL DEFAULT 0,
  done boolean NOT NULL DEFAULT false
);
CREATE INDEX ending_soon_open ON ending_soon (item_id) WHERE NOT done;
-- Its watchers' favourites by item (bids have bids_item).
CREATE INDEX favourites_item ON favourites (item_id, account_id);
