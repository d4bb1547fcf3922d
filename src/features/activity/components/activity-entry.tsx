import { Link } from 'react-router-dom';
import { CardImage } from '@/components/cards/card-image';
import { LinkButton } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { activityText } from '@/data/activity-text';
import { useSessionStore } from '@/data/session-store';
import { saleKindText } from '@shared/sale-kinds';
import { saleState } from '@shared/sale-state';
import type { ActivityEntry, ActivityType, Item } from '@shared/types';
import { relativeTime, toIsoDate } from '@/lib/time';
import styles from './activity-entry.module.css';

const TONE: Record<ActivityType, 'accent' | 'success' | 'warning' | 'neutral'> = {
  Listing: 'accent',
  Sale: 'success',
  Purchase: 'success',
  Offer: 'warning',
  Bid: 'warning',
  Deposit: 'neutral',
};

/**
 * What an entry's button says, as its item's kind of sale (shared/sale-kinds.ts): "Buy now" on
 * a fixed price, "Bid now" on an auction, "Make an offer" on an item that takes offers, and
 * "View item" once the item is off sale or unknown here.
 */
export function entryActionText(item: Item | undefined, now: number): string {
  if (!item || saleState(item, now).kind !== 'open') return 'View item';
  const kind = saleKindText(item);
  return kind.cardAction === 'buy' ? 'Buy now' : kind.noun === 'bid' ? 'Bid now' : kind.bidAction;
}

/** A bid on an item that is not an auction is an offer (issue 31). */
function typeLabel(entry: ActivityEntry, item: Item | undefined): ActivityType {
  return entry.type === 'Bid' && item && item.saleKind !== 'auctions' ? 'Offer' : entry.type;
}

/** One feed entry: image, type label, relative time, description and its item's action. */
export function ActivityEntryRow({
  entry,
  item,
  now,
}: {
  entry: ActivityEntry;
  item?: Item | undefined;
  now: number;
}) {
  const type = typeLabel(entry, item);
  const text = activityText(
    entry,
    useSessionStore((s) => s.user?.id ?? null),
  );
  // Entries about no particular item (a follow with none) have nowhere to buy.
  const href = entry.itemId > 0 ? paths.itemDetail(entry.itemId) : null;
  const image = (
    <CardImage src={entry.image} alt="" width={96} height={96} className="fill-cover" />
  );
  return (
    <li className={styles.entry}>
      {href ? (
        <Link to={href} tabIndex={-1} aria-hidden="true" className={styles.media}>
          {image}
        </Link>
      ) : (
        <span className={styles.media}>{image}</span>
      )}
      <div className={styles.body}>
        <p className={styles.meta}>
          <span className={styles.type} data-tone={TONE[type]}>
            {type}
          </span>
          <time dateTime={toIsoDate(entry.at)} className={styles.time}>
            {relativeTime(entry.at, now)}
          </time>
        </p>
        <p className={styles.description}>{text}</p>
      </div>
      {href && (
        <LinkButton to={href} size="sm" variant="secondary" className={styles.action}>
          {entryActionText(item, now)}
          <span className="visually-hidden">: {text}</span>
        </LinkButton>
      )}
    </li>
  );
}
