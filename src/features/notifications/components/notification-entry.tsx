import { useId } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { notificationWords } from '@shared/notifications';
import { formatDate, relativeTime, toIsoDate } from '@/lib/time';
import type { Notification } from '../api';
import styles from './notifications-page.module.css';

const WEEK_MS = 7 * 24 * 3_600_000;

/** "5 minutes ago" within a week, else the date. */
function when(at: string, now: number): string {
  const ms = Date.parse(at);
  return Number.isFinite(ms) && now - ms < WEEK_MS ? relativeTime(ms, now) : formatDate(at);
}

/** Where a notification leads: its item, else the profile of who caused it, else nowhere. */
export function notificationHref(n: Notification): string | null {
  if (n.itemId !== null) return paths.itemDetail(n.itemId);
  if (n.actor) return paths.creatorProfile(n.actor.id);
  return null;
}

/** One entry of the inbox: its words, when, whether it is unread (in words, not colour alone),
 * a link to what it is about, and "Mark read" while unread. */
export function NotificationEntry({
  notification: n,
  now,
  onMarkRead,
}: {
  notification: Notification;
  now: number;
  onMarkRead: (id: number) => void;
}) {
  const titleId = useId();
  const { title, body } = notificationWords(n);
  const href = notificationHref(n);
  return (
    <li className={styles.entry} data-unread={n.read ? undefined : 'true'}>
      <div className={styles.body}>
        <p className={styles.meta}>
          {!n.read && <span className={styles.unread}>Unread</span>}
          <time dateTime={toIsoDate(n.at)}>{when(n.at, now)}</time>
        </p>
        <h2 className={styles.title} id={titleId}>
          {href ? <Link to={href}>{title}</Link> : title}
        </h2>
        {body && <p className={styles.text}>{body}</p>}
      </div>
      {!n.read && (
        <Button
          variant="secondary"
          size="sm"
          aria-describedby={titleId}
          onClick={() => onMarkRead(n.id)}
        >
          Mark read
        </Button>
      )}
    </li>
  );
}
