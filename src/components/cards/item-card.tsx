// Item card (docs/product.md "Explore items", "Shared blocks", "Plus button").
//
// Props:
// - item: the Item to show (image, creator avatar/name/id, title, priceEth, highestBidEth,
//   date/liveDate for the end). Its kind of sale (shared/sale-kinds.ts) gives the words: an
//   auction shows Price, Highest Bid and "Bid Now"; an item open to offers its Best offer (or
//   "No offers yet") and "Make an offer"; a fixed price its Price, Best offer and "Buy Now".
//   The button links to the item's detail page (paths.itemDetail(id)). Once the sale is over
//   (an ended auction or listing, a sold or unlisted item) the card says so instead.
// - showCountdown: show the countdown to the end ("Auction ends in" or "Listing ends in", days/
//   hours/minutes/seconds on the shared 1-second clock). Only for items with an end date.
// - priority: load the image eagerly with high priority (first card above the fold).
// - headingLevel: level of the title heading (default 3, under a section's h2).
// - as: 'article' (default) or 'li' when the card is a list item; className for the grid cell.
//
// The plus button favourites the item on this device (through the DeviceSource the app
// provides); it is a toggle button (aria-pressed) with the favourite count next to it.
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { Item } from '@shared/types';
import { baseFavouriteCount } from '@shared/query';
import { ITEM_IMAGE_SIZE } from '@shared/sample/image-paths';
import { Card } from '@/components/ui/card';
import { LinkButton } from '@/components/ui/button';
import { Countdown } from '@/components/ui/countdown';
import { bestBidText, saleEnd, saleKindText } from '@shared/sale-kinds';
import { CheckIcon } from '@/components/ui/icon';
import { PlusIcon } from '@/components/ui/content-icons';
import { CardImage } from './card-image';
import { SaleAction } from './sale-action';
import { useFavourite } from './use-toggle-saved';
import { classNames } from '@/lib/class-names';
import styles from './item-card.module.css';

export interface ItemCardProps {
  item: Item;
  showCountdown?: boolean;
  priority?: boolean;
  headingLevel?: 2 | 3 | 4;
  as?: 'article' | 'li';
  className?: string;
}

/** The words of a card's button: "Bid Now", "Make an offer" or "Buy Now" (sale-kinds.ts). */
export function cardActionText(item: Pick<Item, 'saleKind'>): string {
  const text = saleKindText(item);
  return text.cardAction === 'buy' ? (text.buyAction ?? text.bidAction) : text.bidAction;
}

export function ItemCard({
  item,
  showCountdown = false,
  priority = false,
  headingLevel = 3,
  as = 'article',
  className,
}: ItemCardProps) {
  const Heading = `h${headingLevel}` as const;
  const favourite = useFavourite(item.id, baseFavouriteCount(item));
  const end = showCountdown ? saleEnd(item) : null;
  const href = paths.itemDetail(item.id);
  const kind = saleKindText(item);
  return (
    <Card as={as} padding="none" interactive className={classNames(styles.card, className)}>
      <div className={styles.media}>
        <Link to={href} tabIndex={-1} aria-hidden="true" className={styles.mediaLink}>
          <CardImage
            src={item.image}
            alt=""
            width={ITEM_IMAGE_SIZE.width}
            height={ITEM_IMAGE_SIZE.height}
            priority={priority}
            className={`fill-cover ${styles.image}`}
          />
        </Link>
        <div className={styles.fav} data-on={favourite.on || undefined}>
          <button
            type="button"
            className={`touch-round ${styles.favButton}`}
            aria-pressed={favourite.on}
            aria-busy={favourite.busy || undefined}
            aria-label={`Favourite ${item.title}`}
            onClick={() => {
              if (!favourite.busy) favourite.toggle();
            }}
          >
            {favourite.on ? <CheckIcon /> : <PlusIcon />}
          </button>
          <span className={styles.favCount} data-testid="favourite-count">
            {favourite.count}
            <span className="visually-hidden"> favourites</span>
          </span>
        </div>
        {end !== null && (
          <Countdown
            target={end}
            compact
            label={`${kind.endsIn}: ${item.title}`}
            endedText={kind.ended}
            className={styles.countdown}
          />
        )}
      </div>
      <div className={styles.body}>
        <Link to={paths.creatorProfile(item.creatorId)} className={styles.creator}>
          <CardImage src={item.avatar} alt="" width={40} height={40} className={styles.avatar} />
          <span>{item.name}</span>
        </Link>
        <Heading className="card-title">
          <Link to={href}>{item.title}</Link>
        </Heading>
        <dl className={styles.prices}>
          {kind.price !== null && (
            <div>
              <dt>{kind.price}</dt>
              <dd>{item.priceEth} ETH</dd>
            </div>
          )}
          <div>
            <dt>{kind.best}</dt>
            <dd>{bestBidText(item)}</dd>
          </div>
        </dl>
        <SaleAction item={item} className={styles.closed}>
          <LinkButton
            to={href}
            variant={kind.cardAction === 'bid' ? 'primary' : 'secondary'}
            block
            size="sm"
          >
            {cardActionText(item)}
            <span className="visually-hidden">: {item.title}</span>
          </LinkButton>
        </SaleAction>
      </div>
    </Card>
  );
}
