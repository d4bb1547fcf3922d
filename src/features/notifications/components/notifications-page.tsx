import { useEffect, useState } from 'react';
import { PageLayout } from '@/components/layout/page-layout';
import { Button, LinkButton } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { loginReturningTo, paths } from '@/config/paths';
import { useSessionStore } from '@/data/session-store';
import { useNow } from '@/lib/clock';
import {
  loadNotifications,
  markAllRead,
  markRead,
  NOTIFICATIONS_PAGE_SIZE,
  useHydrated,
  useInboxVersion,
  type Notification,
} from '../api';
import { PushButton } from '../push/push-button';
import { NotificationEntry } from './notification-entry';
import { WatchedSearches } from './watched-searches';
import styles from './notifications-page.module.css';

interface Inbox {
  notifications: Notification[];
  next: number | null;
}

/** The inbox as the device holds it, the newest `size` of it, read again after each sync or
 * mark; "Load older" shows a page more. Null until the first read (and while nobody is signed
 * in). */
function useInbox(signedIn: boolean) {
  const version = useInboxVersion();
  const [inbox, setInbox] = useState<Inbox | null>(null);
  const [size, setSize] = useState(NOTIFICATIONS_PAGE_SIZE);
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    void loadNotifications(undefined, size).then((page) => live && setInbox(page));
    return () => {
      live = false;
    };
  }, [signedIn, version, size]);
  const loadOlder = () => setSize((shown) => shown + NOTIFICATIONS_PAGE_SIZE);
  return { inbox: signedIn ? inbox : null, loadOlder };
}

/** The inbox (docs/product.md "Notifications"): the signed-in account's notifications, newest
 * first, each with a link to its item or profile; mark read, mark all read. Offline it shows
 * what the device holds. */
export function NotificationsPage() {
  const signedIn = useSessionStore((s) => s.user !== null);
  const { inbox, loadOlder } = useInbox(signedIn);
  const now = useNow();
  const mounted = useHydrated();
  const unread = inbox?.notifications.some((n) => !n.read) ?? false;
  return (
    <PageLayout
      crumbs={[{ label: 'Home', to: paths.home }, { label: 'Notifications' }]}
      title="Notifications"
      lead="Outbid, won, sold, offers and followers: what happened to your account, newest first."
    >
      {mounted && !signedIn && (
        <div className={styles.signedOut}>
          <p>Sign in to see your notifications.</p>
          <LinkButton to={loginReturningTo(paths.notifications)}>Sign in</LinkButton>
        </div>
      )}
      {mounted && signedIn && <PushButton />}
      {inbox && inbox.notifications.length === 0 && (
        <EmptyState
          title="No notifications yet"
          description="When you are outbid, win an auction, sell an item or get an offer, it shows here."
        />
      )}
      {inbox && inbox.notifications.length > 0 && (
        <section className={styles.inbox} aria-label="Your notifications">
          <div className={styles.tools}>
            <Button variant="secondary" disabled={!unread} onClick={() => void markAllRead()}>
              Mark all read
            </Button>
          </div>
          <ul role="list" className={styles.list} aria-label="Notifications">
            {inbox.notifications.map((n) => (
              <NotificationEntry
                key={n.id}
                notification={n}
                now={now}
                onMarkRead={(id) => void markRead(id)}
              />
            ))}
          </ul>
          {inbox.next !== null && (
            <div className={styles.tools}>
              <Button variant="secondary" onClick={loadOlder}>
                Load older
              </Button>
            </div>
          )}
        </section>
      )}
      {mounted && signedIn && <WatchedSearches />}
    </PageLayout>
  );
}
