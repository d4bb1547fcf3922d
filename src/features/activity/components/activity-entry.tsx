import { Link } from 'react-router-dom';
import { CardImage } from '@/components/cards/card-image';
import { LinkButton } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { activityText } from '@/data/activity-text';
import { useSessionStore } from '@/data/session-store';
import type { ActivityEntry, ActivityType } from '@/data/types';
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

/** One feed entry: image, type label, relative time, description and Buy now. */
export function ActivityEntryRow({ entry, now }: { entry: ActivityEntry; now: number }) {
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
          <span className={styles.type} data-tone={TONE[entry.type]}>
            {entry.type}
          </span>
          <time dateTime={toIsoDate(entry.at)} className={styles.time}>
            {relativeTime(entry.at, now)}
          </time>
        </p>
        <p className={styles.description}>{text}</p>
      </div>
      {href && (
        <LinkButton to={href} size="sm" variant="secondary" className={styles.action}>
          Buy now
          <span className="visually-hidden">: {text}</span>
        </LinkButton>
      )}
    </li>
  );
}
