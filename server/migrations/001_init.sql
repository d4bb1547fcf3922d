-- Artmint's first schema. Plain SQL, valid on PostgreSQL 15 and on PGlite.
-- Amounts in ETH are numeric(38, 18) (wei precision); times are timestamptz.

CREATE TABLE settings (
  key text PRIMARY KEY,
  value text NOT NULL
);

-- Accounts and public profiles share one id space with the sample creators (1 to 99999), so
-- an account's id is its creator id and the owner id of what it buys.
CREATE SEQUENCE account_ids START WITH 100000;

CREATE TABLE accounts (
  id integer PRIMARY KEY DEFAULT nextval('account_ids'),
  email text NOT NULL UNIQUE,
  name text NOT NULL,
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Only a hash of each session token is stored: a leaked table opens no session.
CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_account ON sessions (account_id);

CREATE TABLE reset_tokens (
  token_hash text PRIMARY KEY,
  account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- The public creator record as the app shows it (src/data/types.ts Creator) in `data`; the
-- follower count is followers_base (the sample figure) plus the rows in follows.
CREATE TABLE creators (
  id integer PRIMARY KEY,
  account_id integer UNIQUE REFERENCES accounts (id) ON DELETE CASCADE,
  data jsonb NOT NULL,
  followers_base integer NOT NULL DEFAULT 0
);

CREATE SEQUENCE item_ids START WITH 100000;

-- What the server decides on is in columns; what it only shows (title, images, description...)
-- is in `data`, the Item record of src/data/types.ts.
CREATE TABLE items (
  id integer PRIMARY KEY DEFAULT nextval('item_ids'),
  creator_id integer NOT NULL,
  owner_id integer NOT NULL,
  sale_kind text NOT NULL,
  price_eth numeric(38, 18) NOT NULL,
  highest_bid_eth numeric(38, 18) NOT NULL,
  ends_at timestamptz NOT NULL,
  settled_at timestamptz,
  favourites_base integer NOT NULL DEFAULT 0,
  -- The id a device gave an item it made (offline); unique, so a retried upload makes one item.
  client_id text UNIQUE,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX items_owner ON items (owner_id);
CREATE INDEX items_creator ON items (creator_id);

CREATE TABLE collections (
  id integer PRIMARY KEY,
  data jsonb NOT NULL
);

CREATE TABLE blog_posts (
  id integer PRIMARY KEY,
  data jsonb NOT NULL
);

-- Bid and purchase ids are the devices' own (globally unique) ids.
CREATE TABLE bids (
  id text PRIMARY KEY,
  item_id integer NOT NULL REFERENCES items (id) ON DELETE CASCADE,
  account_id integer REFERENCES accounts (id) ON DELETE SET NULL,
  bidder text NOT NULL,
  price_eth numeric(38, 18) NOT NULL,
  quantity integer NOT NULL,
  status text NOT NULL DEFAULT 'active',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bids_item ON bids (item_id, price_eth DESC);

-- An item sells once.
CREATE TABLE purchases (
  id text PRIMARY KEY,
  item_id integer NOT NULL UNIQUE REFERENCES items (id) ON DELETE CASCADE,
  account_id integer REFERENCES accounts (id) ON DELETE SET NULL,
  buyer text NOT NULL,
  price_eth numeric(38, 18) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE favourites (
  account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  item_id integer NOT NULL REFERENCES items (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, item_id)
);

CREATE TABLE follows (
  account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  creator_id integer NOT NULL REFERENCES creators (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, creator_id)
);

-- Newsletter, contact, support and reset-password requests sent from the app.
CREATE TABLE messages (
  id text PRIMARY KEY,
  account_id integer REFERENCES accounts (id) ON DELETE SET NULL,
  kind text NOT NULL,
  fields jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE profile_sections (
  account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  section text NOT NULL,
  fields jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, section)
);

-- Uploaded images, where every server process can read them.
CREATE TABLE images (
  id text PRIMARY KEY,
  account_id integer REFERENCES accounts (id) ON DELETE CASCADE,
  content_type text NOT NULL,
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE activity (
  id text PRIMARY KEY,
  item_id integer NOT NULL,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Every write a device pushed, by its id: a retried push is answered from here, never applied
-- twice. body_hash tells a replay of the same write from a different write under a reused id.
CREATE TABLE mutations (
  id text PRIMARY KEY,
  account_id integer REFERENCES accounts (id) ON DELETE CASCADE,
  kind text NOT NULL,
  body_hash text NOT NULL,
  status text NOT NULL,
  result jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The change log devices pull from: every change to a public record, with its new state.
CREATE TABLE changes (
  seq bigserial PRIMARY KEY,
  topic text NOT NULL,
  key text NOT NULL,
  data jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
