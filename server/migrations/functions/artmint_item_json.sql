-- An item as the app shows it, from its row: the JSON of server/core/snapshots.ts ITEM_JSON, for
-- the functions that log an item themselves (artmint_place_bid, artmint_set_favourite).
-- server/market/market.test.ts and server/social/social.test.ts compare what they log with
-- itemSnapshot. The counts are the counter columns of migration 010. In PL/pgSQL, not SQL: a SQL
-- function with a subquery is not inlined, and is planned again at every call (a bid's update
-- of its item spent two thirds of its time there); PL/pgSQL keeps its plan for the session.
CREATE OR REPLACE FUNCTION artmint_item_json(i items) RETURNS jsonb
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN i.data || jsonb_build_object(
      'ownerId', i.owner_id, 'saleKind', i.sale_kind,
      'priceEth', trim_scale(i.price_eth)::text,
      'highestBidEth', trim_scale(i.highest_bid_eth)::text,
      'liveDate', to_char(i.ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'date', to_char(i.ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'favourites', i.favourites_base + i.favourite_count, 'bidCount', i.bid_count)
    || CASE WHEN i.settled_at IS NULL THEN '{}'::jsonb
       ELSE jsonb_build_object('settledAt',
         to_char(i.settled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) END
    || coalesce((SELECT jsonb_build_object('soldTo', p.buyer) FROM purchases p
       WHERE p.item_id = i.id), '{}')
    || CASE WHEN i.unlisted_at IS NULL THEN '{}'::jsonb ELSE '{"unlisted": true}'::jsonb END;
END
$$;
