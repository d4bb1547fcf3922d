// Market price in ETH and USD, the highest bid, an auction's countdown, and the actions: Bid
// Now, Buy Now, Share (spec section 2; PRODUCT.md: price and highest bid as data, one fixed USD
// rate). Once the sale is over (an auction past its end, an item sold or unlisted) the page says
// so where the countdown was ("Auction ended · won by ...") and the buttons say why they are off.
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Countdown } from '@/components/ui/countdown';
import { CheckIcon } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import { saleClosedText, saleState } from '@/data/sale-state';
import type { Bid, Item } from '@/data/types';
import { useNow } from '@/lib/clock';
import { ethToUsd } from '../price';
import { ShareButton } from './share-button';
import styles from './item-market.module.css';

export interface ItemMarketProps {
  item: Item;
  ownedByYou: boolean;
  /** The item's bids (a won bid tells an auction's winner from a Buy Now buyer). */
  bids: readonly Bid[];
  onBid: () => void;
  onBuy: () => void;
}

export function ItemMarket({ item, ownedByYou, bids, onBid, onBuy }: ItemMarketProps) {
  const usd = ethToUsd(item.priceEth);
  const now = useNow();
  const closed = saleClosedText(saleState(item, now, bids));
  const reasonId = useId();
  const auctionLive = item.saleKind === 'auctions' && !closed;
  return (
    <section className={`surface-panel ${styles.market}`} aria-label="Price">
      <dl className={styles.prices}>
        <div>
          <dt>Market Price</dt>
          <dd>
            <bdi className={styles.eth}>{item.priceEth} ETH</bdi>
            {usd && <bdi className={styles.usd}>{usd}</bdi>}
          </dd>
        </div>
        <div>
          <dt>Highest Bid</dt>
          <dd>
            <bdi className={styles.eth}>{item.highestBidEth} ETH</bdi>
          </dd>
        </div>
      </dl>
      {auctionLive && (
        <div className={styles.ends}>
          <p className={styles.endsLabel}>Auction ends in</p>
          <Countdown target={Date.parse(item.liveDate)} label="Auction ends in" compact />
        </div>
      )}
      {closed && (
        <p className={styles.closed} id={reasonId} role="status">
          {closed}
        </p>
      )}
      <div className={styles.actions}>
        {ownedByYou ? (
          <p className={styles.owned} role="status">
            <CheckIcon />
            You own this item
          </p>
        ) : (
          <>
            <Button
              size="lg"
              onClick={onBid}
              disabled={closed !== null}
              aria-describedby={closed ? reasonId : undefined}
            >
              Bid Now
            </Button>
            <Button
              size="lg"
              variant="secondary"
              onClick={onBuy}
              disabled={closed !== null}
              aria-describedby={closed ? reasonId : undefined}
            >
              Buy Now
            </Button>
          </>
        )}
        <ShareButton title={item.title} path={paths.itemDetail(item.id)} />
      </div>
    </section>
  );
}
