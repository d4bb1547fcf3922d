-- The writes that must hold a lock only inside the database, as functions (docs/database.md).
--
-- The change log grows in commit order: a sequence number is handed out at INSERT and becomes
-- visible at COMMIT, so every append holds the log's advisory lock (7263002) from the INSERT to
-- the commit. A transaction never appends to `changes` itself: it stages its entries in
-- `pending_changes` (artmint_log_changes), and a deferred constraint trigger moves them into the
-- log during COMMIT, under the lock, in the order they were staged. The lock is then held only
-- while the COMMIT runs, never across a round trip to the server process, and a savepoint
-- rolled back takes its staged entries with it.
CREATE TABLE pending_changes (
  n bigserial PRIMARY KEY,
  topic text NOT NULL,
  key text NOT NULL,
  data jsonb
);

-- Stages `entries` (a JSON array of {topic, key, data}, data null for a deletion) for the log.
CREATE FUNCTION artmint_log_changes(entries jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pending_changes (topic, key, data)
  SELECT e->>'topic', e->>'key', CASE WHEN jsonb_typeof(e->'data') = 'null' THEN NULL ELSE e->'data' END
  FROM jsonb_array_elements(entries) WITH ORDINALITY AS x(e, n)
  ORDER BY x.n;
END
$$;

-- At COMMIT: the log's lock, the staged entries appended in order, and the announcement that
-- the log grew (delivered when the transaction commits). Fired once per staged row: the first
-- moves them all, the others find none.
CREATE FUNCTION artmint_flush_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pending_changes) THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock(7263002);
  WITH moved AS (DELETE FROM pending_changes RETURNING n, topic, key, data)
  INSERT INTO changes (topic, key, data) SELECT topic, key, data FROM moved ORDER BY n;
  PERFORM pg_notify('artmint_changes', '');
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER pending_changes_flush AFTER INSERT ON pending_changes
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION artmint_flush_changes();

-- A push's claim of its mutation id, in the mutation's transaction: NULL when this call claimed
-- it (status 'pending' until the mutation's result is stored), else what is stored under it (a
-- concurrent claim of the same id waits for the other transaction to end).
CREATE FUNCTION artmint_claim_mutation(p_id text, p_account integer, p_kind text, p_hash text)
RETURNS jsonb LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO mutations (id, account_id, kind, body_hash, status, result)
  VALUES (p_id, p_account, p_kind, p_hash, 'pending', '{}')
  ON CONFLICT (id) DO NOTHING;
  IF FOUND THEN
    RETURN NULL;
  END IF;
  RETURN (SELECT jsonb_build_object('accountId', m.account_id, 'bodyHash', m.body_hash,
    'kind', m.kind, 'result', m.result) FROM mutations m WHERE m.id = p_id);
END
$$;

-- A bid (server/market/bids.ts), decided and written whole, called as a statement of its own
-- (its own transaction): it appends to the change log itself, so the log's lock is held from
-- the append to the commit of that one statement.
--
-- Locks the item's row, then decides on the item as it is now (a later statement sees every
-- bid a concurrent writer committed meanwhile): `refusal` is NULL when accepted, else invalid,
-- not-found, forbidden, unlisted, sold, ended, outbid or too-low; the words are bids.ts's.
-- Accepted: the active bids are marked outbid (on an auction), the bid stored, the highest bid
-- raised, an auction ending within 15 minutes extended by 15 minutes, the activity entry added,
-- and the log gets, in order, the outbid bids, the new bid, the item and the entry, announced
-- at commit. The mutation is stored under the bid's id with its result (refused: the code and
-- the figures its words need); an id already taken fails the call (unique violation).
-- `highest_text` and `next_text` are the highest bid and the least next bid as the words show
-- them; `log_seq` the log's newest sequence.
--
-- The JSON of a bid, an item and an activity entry is the one server/market/bid-records.ts,
-- server/core/snapshots.ts and server/market/activity.ts build (server/market/market.test.ts
-- compares them).
CREATE FUNCTION artmint_place_bid(
  p_item integer, p_price numeric, p_min numeric, p_step numeric, p_id text,
  p_account integer, p_bidder text, p_quantity numeric, p_hash text, p_max numeric,
  OUT refusal text, OUT highest_text text, OUT next_text text, OUT log_seq bigint)
LANGUAGE plpgsql AS $$
DECLARE
  t record;
  b record;
  outbid jsonb[];
  item_data jsonb;
  entry jsonb;
BEGIN
  PERFORM 1 FROM items WHERE id = p_item FOR UPDATE;
  SELECT i.id, i.sale_kind = 'auctions' AS auction,
    i.data->>'title' AS title, i.data->>'image' AS image,
    CASE
      WHEN i.owner_id = p_account THEN 'forbidden'
      WHEN i.unlisted_at IS NOT NULL THEN 'unlisted'
      WHEN i.sale_kind <> 'auctions'
        AND EXISTS (SELECT 1 FROM purchases p WHERE p.item_id = i.id) THEN 'sold'
      WHEN i.sale_kind = 'auctions'
        AND (i.ends_at <= now() OR i.settled_at IS NOT NULL) THEN 'ended'
      WHEN i.sale_kind = 'auctions'
        AND NOT p_price >= i.highest_bid_eth + p_step THEN 'outbid'
      WHEN i.sale_kind <> 'auctions' AND NOT p_price >= p_min THEN 'too-low'
    END AS code,
    (CASE WHEN scale(trim_scale(i.highest_bid_eth)) <= 2 THEN round(i.highest_bid_eth, 2)::text
      ELSE trim_scale(i.highest_bid_eth)::text END) AS highest,
    (CASE WHEN scale(trim_scale(i.highest_bid_eth + p_step)) <= 2
      THEN round(i.highest_bid_eth + p_step, 2)::text
      ELSE trim_scale(i.highest_bid_eth + p_step)::text END) AS next
  INTO t FROM items i WHERE i.id = p_item;

  IF NOT p_quantity BETWEEN 1 AND p_max THEN
    refusal := 'invalid';
  ELSIF t.id IS NULL THEN
    refusal := 'not-found';
  ELSE
    refusal := t.code;
  END IF;
  highest_text := t.highest;
  next_text := t.next;

  IF refusal IS NOT NULL THEN
    INSERT INTO mutations (id, account_id, kind, body_hash, status, result)
    VALUES (p_id, p_account, 'bid', p_hash, 'refused', jsonb_build_object('id', p_id,
      'status', 'refused', 'code', refusal, 'highest', highest_text, 'next', next_text));
    log_seq := (SELECT coalesce(max(seq), 0) FROM changes);
    RETURN;
  END IF;

  IF t.auction THEN
    WITH marked AS (
      UPDATE bids o SET status = 'outbid'
      WHERE o.item_id = p_item AND o.status = 'active'
      RETURNING o.id, jsonb_build_object('id', o.id, 'itemId', o.item_id,
        'priceEth', trim_scale(o.price_eth)::text, 'quantity', o.quantity,
        'bidder', o.bidder, 'status', o.status,
        'at', to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) AS bid
    )
    SELECT coalesce(array_agg(m.bid ORDER BY m.id), '{}') INTO outbid FROM marked m;
  ELSE
    outbid := '{}';
  END IF;

  INSERT INTO bids AS n (id, item_id, account_id, bidder, price_eth, quantity)
  VALUES (p_id, p_item, p_account, p_bidder, p_price,
    least(greatest(p_quantity, 0), p_max)::integer)
  RETURNING n.id, n.price_eth, n.quantity, n.bidder, n.created_at,
    jsonb_build_object('id', n.id, 'itemId', n.item_id,
      'priceEth', trim_scale(n.price_eth)::text, 'quantity', n.quantity,
      'bidder', n.bidder, 'status', n.status,
      'at', to_char(n.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) AS bid
  INTO b;

  UPDATE items i SET highest_bid_eth = greatest(i.highest_bid_eth, p_price),
    ends_at = CASE WHEN t.auction AND i.ends_at < now() + interval '15 minutes'
      THEN now() + interval '15 minutes' ELSE i.ends_at END
  WHERE i.id = p_item
  RETURNING (i.data || jsonb_build_object(
      'ownerId', i.owner_id, 'saleKind', i.sale_kind,
      'priceEth', trim_scale(i.price_eth)::text,
      'highestBidEth', trim_scale(i.highest_bid_eth)::text,
      'liveDate', to_char(i.ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'date', to_char(i.ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'favourites', i.favourites_base
        + (SELECT count(*) FROM favourites f WHERE f.item_id = i.id)::int)
    || CASE WHEN i.settled_at IS NULL THEN '{}'::jsonb
       ELSE jsonb_build_object('settledAt',
         to_char(i.settled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) END
    || coalesce((SELECT jsonb_build_object('soldTo', p.buyer) FROM purchases p
       WHERE p.item_id = i.id), '{}')
    || CASE WHEN i.unlisted_at IS NULL THEN '{}'::jsonb ELSE '{"unlisted": true}'::jsonb END)
  INTO item_data;

  entry := jsonb_build_object('id', 'bid-' || b.id, 'type', 'Bid',
      'at', to_char(b.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'description', b.bidder || ' ' || 'bid ' || trim_scale(b.price_eth)::text || ' ETH'
        || CASE WHEN b.quantity > 1 THEN ' for ' || b.quantity || ' editions' ELSE '' END
        || ' on ' || t.title,
      'image', t.image, 'itemId', t.id, 'tags', jsonb_build_array('Bids'))
    || jsonb_build_object('actor', jsonb_build_object('id', p_account, 'name', b.bidder,
      'deed', 'bid ' || trim_scale(b.price_eth)::text || ' ETH'
        || CASE WHEN b.quantity > 1 THEN ' for ' || b.quantity || ' editions' ELSE '' END
        || ' on ' || t.title));

  INSERT INTO activity (id, item_id, data, created_at)
  VALUES (entry->>'id', p_item, entry, b.created_at)
  ON CONFLICT (id) DO UPDATE SET data = EXCLUDED.data;

  INSERT INTO mutations (id, account_id, kind, body_hash, status, result)
  VALUES (p_id, p_account, 'bid', p_hash, 'applied',
    jsonb_build_object('id', p_id, 'status', 'applied'));

  -- The log's lock, held from here to this statement's commit.
  PERFORM pg_advisory_xact_lock(7263002);
  INSERT INTO changes (topic, key, data)
  SELECT e.topic, e.key, e.data FROM (
    SELECT 1 AS g, x.n AS n, 'bid' AS topic, x.bid->>'id' AS key, x.bid AS data
      FROM unnest(outbid) WITH ORDINALITY AS x(bid, n)
    UNION ALL SELECT 2, 1, 'bid', b.id, b.bid
    UNION ALL SELECT 3, 1, 'item', p_item::text, item_data
    UNION ALL SELECT 4, 1, 'activity', entry->>'id', entry
  ) e ORDER BY e.g, e.n;
  log_seq := currval(pg_get_serial_sequence('changes', 'seq'));
  PERFORM pg_notify('artmint_changes', '');
END
$$;
