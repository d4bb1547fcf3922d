-- Web Push (docs/product.md "Notifications", docs/operations.md "Web Push"): the server's VAPID
-- key pair, made on first start and kept here so that every server process signs with the same
-- one (unless the environment gives one); each device's push subscription, tied to the session
-- that made it (a sign-out, an expired session or a deleted account takes it along); and the
-- delivery queue of server/push/worker.ts.
CREATE TABLE push_keys (
  id integer PRIMARY KEY CHECK (id = 1),
  public_key text NOT NULL,
  private_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE push_subscriptions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  session_hash text NOT NULL REFERENCES sessions (token_hash) ON DELETE CASCADE,
  endpoint text NOT NULL UNIQUE,
  p256dh text NOT NULL,
  auth text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_subscriptions_account ON push_subscriptions (account_id);
CREATE INDEX push_subscriptions_session ON push_subscriptions (session_hash);

-- How far the account logs (account_changes, in commit order: docs/sync.md "Account channel")
-- have been turned into deliveries. One row; the process that moves it holds it for that
-- transaction, the others skip it. It starts at the newest entry: what was written before push
-- existed is not sent.
CREATE TABLE push_cursor (
  id integer PRIMARY KEY CHECK (id = 1),
  after_seq bigint NOT NULL
);
INSERT INTO push_cursor (id, after_seq) SELECT 1, coalesce(max(seq), 0) FROM account_changes;

-- One notification to one subscription, until the push service accepts it (then the row goes).
-- `due_at` is when it may be taken: a worker that takes it moves it a lease ahead, so a worker
-- that dies leaves it due again; a failure moves it a backoff ahead.
CREATE TABLE push_deliveries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  notification_id bigint NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
  subscription_id bigint NOT NULL REFERENCES push_subscriptions (id) ON DELETE CASCADE,
  attempts integer NOT NULL DEFAULT 0,
  due_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (notification_id, subscription_id)
);
CREATE INDEX push_deliveries_due ON push_deliveries (due_at);
CREATE INDEX push_deliveries_subscription ON push_deliveries (subscription_id);
