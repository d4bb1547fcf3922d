-- A bid or an offer (server/market/bids.ts), decided and written whole, called as a statement of
-- its own (its own transaction): it appends to the change log itself, so the log's lock is held
-- from the append to the commit of that one statement.
--
-- Locks the item's row, then decides on the item as it is now (a later statement sees every
-- bid a concurrent writer committed meanwhile): `refusal` is NULL when accepted, else invalid,
-- not-found, forbidden, unlisted, sold, ended, outbid or too-low; the words are bids.ts's. A
-- listing that is not an auction may have an end too: once passed, its offers are refused with
-- `ended`. Accepted: the active bids are marked outbid (on an auction), the bid stored, the
-- highest bid raised, an auction ending within 15 minutes extended by 15 minutes, the activity
-- entry added (an auction's reads "bid 2 ETH on ...", type Bid; an offer's "made an offer of
-- 2 ETH on ...", type Offer), and the log gets, in order, the outbid bids, the new bid, the item
-- and the entry, announced at commit. On an auction the bidders it outbid are told "outbid"; on
-- any other item the owner is told of the offer (artmint_write_notifications; the kinds and
-- toggles are shared/notifications.ts's: the marketplace section's `outbid` and `offers`, both
-- on by default). The accounts' own logs (docs/sync.md "Account channel") get, under the same
-- lock, the outbid bids (each to its bidder), the new bid (to the bidder), an offer (to the
-- owner, as received) and the notifications, appended here rather than staged for the commit:
-- the item's row stays locked until then, so every step saved here is a step less that the next
-- bid on the item waits for. The mutation is stored under the bid's id with its result (refused: the
-- code, the figures its words need and the item's kind of sale, `saleKind`); an id already
-- taken fails the call (unique violation). `highest_text` and `next_text` are the
-- highest bid and the least next bid as the words show them; `log_seq` the log's newest
-- sequence; `sale_kind` the item's kind of sale, which a refusal's words depend on.
--
-- The JSON of a bid, an item (artmint_item_json) and an activity entry is the one
-- server/market/bid-records.ts, server/core/snapshots.ts and server/market/activity.ts build
-- (server/market/market.test.ts compares them). Its answer's columns cannot change in place (CREATE OR REPLACE keeps them):
-- a change of them drops the function in a numbered migration (docs/database.md "Functions").
CREATE OR REPLACE FUNCTION artmint_place_bid(
  p_item integer, p_price numeric, p_min numeric, p_step numeric, p_id text,
  p_account integer, p_bidder text, p_quantity numeric, p_hash text, p_max numeric,
  OUT refusal text, OUT highest_text text, OUT next_text text, OUT log_seq bigint,
  OUT sale_kind text)
LANGUAGE plpgsql AS $$
DECLARE
  t record;
  b record;
  outbid jsonb[];
  -- The account entries, side by side (artmint_append_account_changes): account, topic, key, data.
  e_accounts integer[] := '{}';
  e_topics text[] := '{}';
  e_keys text[] := '{}';
  e_data jsonb[] := '{}';
  told integer[];
  item_data jsonb;
  deed text;
  entry jsonb;
BEGIN
  PERFORM 1 FROM items WHERE id = p_item FOR UPDATE;
  SELECT i.id, i.sale_kind, i.sale_kind = 'auctions' AS auction, i.owner_id AS owner,
    i.data->>'title' AS title, i.data->>'image' AS image,
    CASE
      WHEN i.owner_id = p_account THEN 'forbidden'
      WHEN i.unlisted_at IS NOT NULL THEN 'unlisted'
      WHEN i.sale_kind <> 'auctions'
        AND EXISTS (SELECT 1 FROM purchases p WHERE p.item_id = i.id) THEN 'sold'
      WHEN i.sale_kind = 'auctions'
        AND (i.ends_at <= now() OR i.settled_at IS NOT NULL) THEN 'ended'
      WHEN i.sale_kind <> 'auctions' AND i.ends_at <= now() THEN 'ended'
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
  sale_kind := t.sale_kind;

  IF refusal IS NOT NULL THEN
    INSERT INTO mutations (id, account_id, kind, body_hash, status, result)
    VALUES (p_id, p_account, 'bid', p_hash, 'refused', jsonb_build_object('id', p_id,
      'status', 'refused', 'code', refusal, 'highest', highest_text, 'next', next_text,
      'saleKind', sale_kind));
    log_seq := (SELECT coalesce(max(seq), 0) FROM changes);
    RETURN;
  END IF;

  IF t.auction THEN
    WITH marked AS (
      UPDATE bids o SET status = 'outbid'
      WHERE o.item_id = p_item AND o.status = 'active'
      RETURNING o.id, o.account_id, jsonb_build_object('id', o.id, 'itemId', o.item_id,
        'priceEth', trim_scale(o.price_eth)::text, 'quantity', o.quantity,
        'bidder', o.bidder, 'status', o.status,
        'at', to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) AS bid
    )
    SELECT coalesce(array_agg(m.bid ORDER BY m.id), '{}'),
      -- Each outbid bidder's own log gets its bid's new status.
      coalesce(array_agg(m.account_id ORDER BY m.id) FILTER (WHERE m.account_id IS NOT NULL), '{}'),
      coalesce(array_agg('bid'::text ORDER BY m.id) FILTER (WHERE m.account_id IS NOT NULL), '{}'),
      coalesce(array_agg(m.id ORDER BY m.id) FILTER (WHERE m.account_id IS NOT NULL), '{}'),
      coalesce(array_agg(m.bid ORDER BY m.id) FILTER (WHERE m.account_id IS NOT NULL), '{}'),
      coalesce(array_agg(DISTINCT m.account_id) FILTER (WHERE m.account_id IS NOT NULL), '{}')
    INTO outbid, e_accounts, e_topics, e_keys, e_data, told FROM marked m;
  ELSE
    outbid := '{}';
    told := ARRAY[t.owner];
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
  -- The counters of migration 010; bid_count already counts the new bid (bids_counted_in ran
  -- at the end of the INSERT).
  RETURNING artmint_item_json(i)
  INTO item_data;

  -- The entry's words are server/market/activity.ts bidEntryJson's.
  deed := CASE WHEN t.auction THEN 'bid ' ELSE 'made an offer of ' END
    || trim_scale(b.price_eth)::text || ' ETH'
    || CASE WHEN b.quantity > 1 THEN ' for ' || b.quantity || ' editions' ELSE '' END
    || ' on ' || t.title;
  entry := jsonb_build_object('id', 'bid-' || b.id,
      'type', CASE WHEN t.auction THEN 'Bid' ELSE 'Offer' END,
      'at', to_char(b.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'description', b.bidder || ' ' || deed,
      'image', t.image, 'itemId', t.id, 'tags', jsonb_build_array('Bids'))
    || jsonb_build_object('actor', jsonb_build_object('id', p_account, 'name', b.bidder,
      'deed', deed));

  INSERT INTO activity (id, item_id, data, created_at)
  VALUES (entry->>'id', p_item, entry, b.created_at)
  ON CONFLICT (id) DO UPDATE SET data = EXCLUDED.data;

  -- The bidder's own log gets the bid; the owner's, an offer received; then the notifications.
  e_accounts := e_accounts || p_account;
  e_topics := e_topics || 'bid'::text;
  e_keys := e_keys || b.id;
  e_data := e_data || b.bid;
  IF NOT t.auction THEN
    e_accounts := e_accounts || t.owner;
    e_topics := e_topics || 'offer-received'::text;
    e_keys := e_keys || b.id;
    e_data := e_data || b.bid;
  END IF;
  SELECT e_accounts || coalesce(array_agg(n.account_id ORDER BY n.id), '{}'),
    e_topics || coalesce(array_agg('notification'::text ORDER BY n.id), '{}'),
    e_keys || coalesce(array_agg(n.id::text ORDER BY n.id), '{}'),
    e_data || coalesce(array_agg(artmint_notification_record(n) ORDER BY n.id), '{}')
  INTO e_accounts, e_topics, e_keys, e_data
  FROM artmint_write_notifications(told,
    CASE WHEN t.auction THEN 'outbid' ELSE 'offer-received' END, 'marketplace-notifications',
    CASE WHEN t.auction THEN 'outbid' ELSE 'offers' END, true, p_account, p_item,
    jsonb_build_object('title', t.title, 'priceEth', trim_scale(p_price)::text)) n;

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
  PERFORM artmint_append_account_changes(e_accounts, e_topics, e_keys, e_data);
END
$$;
