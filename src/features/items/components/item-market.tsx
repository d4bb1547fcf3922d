// Market price in ETH and USD, the highest bid, and the actions: Bid Now, Buy Now, Share
// (spec section 2; PRODUCT.md: price and highest bid as data, one fixed USD rate).
import { Button } from '@/components/ui/button';
import { CheckIcon } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import type { Item } from '@/data/types';
import { ethToUsd } from '../price';
import { ShareButton } from './share-button';
import styles from './item-market.module.css';

export interface ItemMarketProps {
  item: Item;
  ownedByYou: boolean;
  onBid: () => void;
  onBuy: () => void;
}

export function ItemMarket({ item, ownedByYou, onBid, onBuy }: ItemMarketProps) {
  const usd = ethToUsd(item.priceEth);
  return (
    <section className={styles.market} aria-label="Price">
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
      <div className={styles.actions}>
        {ownedByYou ? (
          <p className={styles.owned} role="status">
            <CheckIcon />
            You own this item
          </p>
        ) : (
          <>
            <Button size="lg" onClick={onBid}>
              Bid Now
            </Button>
            <Button size="lg" variant="secondary" onClick={onBuy}>
              Buy Now
            </Button>
          </>
        )}
        <ShareButton title={item.title} path={paths.itemDetail(item.id)} />
      </div>
    </section>
  );
}
