// Tabs Bids (default) and Activity (docs/product.md "Item detail", "States"): the item's bids the
// device has and the item's activity, newest first (docs/product.md "Writes": a bid shows in the
// Bids tab and adds an Activity entry). The device keeps an item's latest bids only (docs/sync.md):
// when the server counts more, "Show earlier bids" asks the data access for the older ones,
// online, into this screen.
import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Tabs } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { activityText } from '@/data/activity-text';
import type { BidsPage } from '@shared/history';
import { useEarlier, withOlder } from '@/data/use-earlier';
import { useSessionStore } from '@/data/session-store';
import { bestBidText, saleKindText } from '@shared/sale-kinds';
import type { ActivityEntry, Bid, Item } from '@shared/types';
import { useNow } from '@/lib/clock';
import { relativeTime } from '@/lib/time';
import { loadEarlierBids } from '../api';
import styles from './item-history.module.css';

export interface ItemHistoryProps {
  bids: Bid[];
  activity: ActivityEntry[];
  /** The item: its kind of sale names the bids (Bids or Offers) and their figure; bidCount is
   * how many the server has in all. */
  item: Pick<Item, 'id' | 'saleKind' | 'highestBidEth' | 'bidCount'>;
}

/** The time relative texts are computed from (ms). */
interface Now {
  now: number;
}

const bidsOf = (page: BidsPage) => page.bids;

/** The bids the server has: a bid only on this device (waiting to be sent) has no status. */
const serverBids = (bids: readonly Bid[]) => bids.filter((bid) => bid.status !== undefined).length;

/**
 * How many bids the tab names: the server's count and the ones only on this device, or the
 * bids shown when the server has not counted them (a sample item, a device's own item).
 */
export function bidTotal(bids: readonly Bid[], bidCount: number | undefined): number {
  if (bidCount === undefined) return bids.length;
  return Math.max(bids.length, bidCount + bids.length - serverBids(bids));
}

/** "Show earlier bids" under the list, while the server counts more than it shows. */
function EarlierBids({
  kind,
  canLoad,
  earlier,
}: {
  kind: { noun: string };
  canLoad: boolean;
  earlier: ReturnType<typeof useEarlier<Bid, BidsPage>>;
}) {
  return (
    <div className={styles.earlier}>
      {canLoad && (
        <Button variant="secondary" busy={earlier.status === 'loading'} onClick={earlier.load}>
          Show earlier {kind.noun}s
        </Button>
      )}
      <p role="status" className={styles.note}>
        {earlier.status === 'offline'
          ? `Earlier ${kind.noun}s need a connection.`
          : earlier.status === 'failed'
            ? `Earlier ${kind.noun}s could not be loaded: ${earlier.error}`
            : !canLoad
              ? `These are all the ${kind.noun}s.`
              : ''}
      </p>
    </div>
  );
}

function BidList({ bids: known, item, now }: Omit<ItemHistoryProps, 'activity'> & Now) {
  const kind = saleKindText(item);
  const fetchPage = useCallback(
    (before: string | null) => loadEarlierBids(item.id, before),
    [item.id],
  );
  const earlier = useEarlier(fetchPage, bidsOf, known);
  const bids = withOlder(known, earlier.older);
  // The server counts more than it has shown: the device keeps its latest bids only.
  const hidden = (item.bidCount ?? 0) > serverBids(bids);
  const more =
    hidden || earlier.older.length > 0 ? (
      <EarlierBids kind={kind} canLoad={hidden && earlier.more} earlier={earlier} />
    ) : null;
  if (bids.length === 0) {
    return (
      <>
        <EmptyState
          level={3}
          title={`No ${kind.noun}s from you yet`}
          description={`${kind.best}: ${bestBidText(item)}. ${kind.listTitle} you make show here.`}
        />
        {more}
      </>
    );
  }
  const badge = kind.noun === 'bid' ? 'Bid' : 'Offer';
  return (
    <>
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
      {more}
    </>
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
            label: `${saleKindText(props.item).listTitle} (${bidTotal(props.bids, props.item.bidCount)})`,
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
