// Tabs Bids (default) and Activity (spec sections 2 and 4): the bids placed on this device and
// the item's activity, newest first (docs/product.md "Writes": a bid shows in the Bids tab and
// adds an Activity entry).
import { Link } from 'react-router-dom';
import { EmptyState } from '@/components/ui/empty-state';
import { Tabs } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { activityText } from '@/data/activity-text';
import { useSessionStore } from '@/data/session-store';
import { bestBidText, saleKindText } from '@/data/sale-kinds';
import type { ActivityEntry, Bid, Item } from '@/data/types';
import { useNow } from '@/lib/clock';
import { relativeTime } from '@/lib/time';
import styles from './item-history.module.css';

export interface ItemHistoryProps {
  bids: Bid[];
  activity: ActivityEntry[];
  /** The item: its kind of sale names the bids (Bids or Offers) and their figure. */
  item: Pick<Item, 'saleKind' | 'highestBidEth'>;
}

/** The time relative texts are computed from (ms). */
interface Now {
  now: number;
}

function BidList({ bids, item, now }: Omit<ItemHistoryProps, 'activity'> & Now) {
  const kind = saleKindText(item);
  if (bids.length === 0) {
    return (
      <EmptyState
        level={3}
        title={`No ${kind.noun}s from you yet`}
        description={`${kind.best}: ${bestBidText(item)}. ${kind.listTitle} you make show here.`}
      />
    );
  }
  const badge = kind.noun === 'bid' ? 'Bid' : 'Offer';
  return (
    <ol className={`plain-list ${styles.list}`} aria-label={kind.listTitle}>
      {bids.map((bid) => (
        <li key={bid.id} className={styles.entry}>
          <span className={styles.badge}>{badge}</span>
          <span className={styles.text}>
            <strong>
              <bdi>
                {bid.priceEth} ETH{bid.quantity > 1 ? ` × ${bid.quantity}` : ''}
              </bdi>
            </strong>{' '}
            by {bid.bidder}
          </span>
          <time className={styles.time} dateTime={bid.at}>
            {relativeTime(bid.at, now)}
          </time>
        </li>
      ))}
    </ol>
  );
}

function ActivityList({ activity, now }: Pick<ItemHistoryProps, 'activity'> & Now) {
  const accountId = useSessionStore((s) => s.user?.id ?? null);
  if (activity.length === 0) {
    return <EmptyState level={3} title="No activity yet" description="Bids and sales show here." />;
  }
  return (
    <>
      <ol className={`plain-list ${styles.list}`} aria-label="Activity">
        {activity.map((entry) => (
          <li key={entry.id} className={styles.entry}>
            <span className={styles.badge}>{entry.type}</span>
            <span className={styles.text}>{activityText(entry, accountId)}</span>
            <time className={styles.time} dateTime={entry.at}>
              {relativeTime(entry.at, now)}
            </time>
          </li>
        ))}
      </ol>
      <Link to={paths.activity} className={styles.more}>
        See all activity
      </Link>
    </>
  );
}

export function ItemHistory(props: ItemHistoryProps) {
  // Relative times ("2 minutes ago") follow the shared 1-second clock.
  const now = useNow();
  return (
    <section className={styles.history} aria-labelledby="item-history-title">
      <h2 id="item-history-title" className="visually-hidden">
        Bids and activity
      </h2>
      <Tabs
        label="Bids and activity"
        defaultTab="bids"
        tabs={[
          {
            id: 'bids',
            label: `${saleKindText(props.item).listTitle} (${props.bids.length})`,
            content: <BidList bids={props.bids} item={props.item} now={now} />,
          },
          {
            id: 'activity',
            label: 'Activity',
            content: <ActivityList activity={props.activity} now={now} />,
          },
        ]}
      />
    </section>
  );
}
