-- The notifications of an accepted bid, in its transaction (artmint_place_bid): on an auction the
-- bidders it outbid (`p_outbid`, the bids it marked) are told "outbid"; on any other item the
-- owner is told of the offer. The kinds and toggles are shared/notifications.ts's (outbid: the
-- marketplace section's `outbid`; offer-received: its `offers`; both on by default).
CREATE OR REPLACE FUNCTION artmint_notify_bid(
  p_item integer, p_account integer, p_auction boolean, p_title text, p_price numeric,
  p_outbid jsonb[])
RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  facts jsonb := jsonb_build_object('title', p_title, 'priceEth', trim_scale(p_price)::text);
BEGIN
  IF p_auction THEN
    PERFORM artmint_notify(
      ARRAY(SELECT DISTINCT o.account_id FROM unnest(p_outbid) AS x(bid)
        JOIN bids o ON o.id = x.bid->>'id' WHERE o.account_id IS NOT NULL),
      'outbid', 'marketplace-notifications', 'outbid', true, p_account, p_item, facts);
  ELSE
    PERFORM artmint_notify(
      ARRAY(SELECT i.owner_id FROM items i WHERE i.id = p_item),
      'offer-received', 'marketplace-notifications', 'offers', true, p_account, p_item, facts);
  END IF;
END
$$;
