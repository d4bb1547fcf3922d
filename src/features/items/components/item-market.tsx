// The item's sale, told as what it is (shared/sale-kinds.ts): an auction shows its price, the
// Highest Bid, "Auction ends in" and Bid Now / Buy Now; an item open to offers its Best offer (or
// "No offers yet") and Make an offer; a fixed price its Price (ETH and USD, one fixed rate), Best
// offer and Buy Now / Make an offer; an item with no end shows no countdown. Once the sale is
// over (an auction or listing past its end, an item sold or unlisted) the page says so where the
// countdown was ("Auction ended · won by ...") and the buttons say why they are off.
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Countdown } from '@/components/ui/countdown';
import { CheckIcon } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import { bestBidText, saleEnd, saleKindText } from '@shared/sale-kinds';
import { saleClosedText } from '@/data/sale-state';
import { bidStandingText, type BidStanding } from '@/data/bid-standing';
import { saleState } from '@shared/sale-state';
import type { Bid, Item } from '@shared/types';
import { useNow } from '@/lib/clock';
import { ethToUsd } from '../price';
import { ShareButton } from '@/components/ui/share-button';
import { recordShare } from '@/data/remote/watch-api';
import { useSessionStore } from '@/data/session-store';
import styles from './item-market.module.css';

export interface ItemMarketProps {
  item: Item;
  ownedByYou: boolean;
  /** The item's bids (a won bid tells an auction's winner from a Buy Now buyer). */
  bids: readonly Bid[];
  /** Where the collector's own bids stand (an auction they bid on); none: nothing to say. */
  standing?: BidStanding | null;
  onBid: () => void;
  onBuy: () => void;
}

/** A share by a signed-in collector is recorded on the server, which may tell the item's owner
 * (docs/product.md "Notifications"); signed out, or offline, nothing is recorded. */
function shared(itemId: number): void {
  if (useSessionStore.getState().user?.id != null) void recordShare(itemId);
}

export function ItemMarket({
  item,
  ownedByYou,
  bids,
  standing = null,
  onBid,
  onBuy,
}: ItemMarketProps) {
  const kind = saleKindText(item);
  const usd = ethToUsd(item.priceEth);
  const now = useNow();
  const closed = saleClosedText(saleState(item, now, bids));
  const reasonId = useId();
  const end = closed ? null : saleEnd(item);
  const off = {
    disabled: closed !== null,
    'aria-describedby': closed ? reasonId : undefined,
  };
  const bidFirst = kind.cardAction === 'bid';
  const bidButton = (
    <Button
      key="bid"
      size="lg"
      variant={bidFirst ? 'primary' : 'secondary'}
      onClick={onBid}
      {...off}
    >
      {kind.bidAction}
    </Button>
  );
  const buyButton = kind.buyAction && (
    <Button
      key="buy"
      size="lg"
      variant={bidFirst ? 'secondary' : 'primary'}
      onClick={onBuy}
      {...off}
    >
      {kind.buyAction}
    </Button>
  );
  return (
    <section className={`surface-panel ${styles.market}`} aria-label="Sale">
      <p className={styles.kind}>{kind.summary}</p>
      <dl className={styles.prices}>
        {kind.price !== null && (
          <div>
            <dt>{kind.price}</dt>
            <dd>
              <bdi className={styles.eth}>{item.priceEth} ETH</bdi>
              {usd && <bdi className={styles.usd}>{usd}</bdi>}
            </dd>
          </div>
        )}
        <div>
          <dt>{kind.best}</dt>
          <dd>
            <bdi className={styles.eth}>{bestBidText(item)}</bdi>
          </dd>
        </div>
      </dl>
      {end !== null && (
        <div className={styles.ends}>
          <p className={styles.endsLabel}>{kind.endsIn}</p>
          <Countdown target={end} label={kind.endsIn} endedText={kind.ended} compact />
        </div>
      )}
      {standing && (
        // A polite live region: an outbid landing while the page is open is heard.
        <p className={styles.standing} role="status" aria-label="Your bid">
          {bidStandingText(standing)}
        </p>
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
        ) : bidFirst ? (
          [bidButton, buyButton]
        ) : (
          [buyButton, bidButton]
        )}
        <ShareButton
          title={item.title}
          path={paths.itemDetail(item.id)}
          onShared={() => shared(item.id)}
        />
      </div>
    </section>
  );
}
