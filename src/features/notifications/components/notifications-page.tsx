import { useEffect, useState } from 'react';
import { PageLayout } from '@/components/layout/page-layout';
import { Button, LinkButton } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { loginReturningTo, paths } from '@/config/paths';
import { useSessionStore } from '@/data/session-store';
import { useNow } from '@/lib/clock';
import { HISTORY_PAGE_MAX } from '@shared/history';
import {
  loadNotifications,
  loadOlderFromServer,
  markAllRead,
  markRead,
  NOTIFICATIONS_PAGE_SIZE,
  olderFailedWords,
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
 * mark; "Load older" shows a page more, and past what the device holds asks the server for it
 * (kept on the device). Null until the first read (and while nobody is signed in). */
function useInbox(signedIn: boolean) {
  const version = useInboxVersion();
  const [inbox, setInbox] = useState<Inbox | null>(null);
  const [size, setSize] = useState(NOTIFICATIONS_PAGE_SIZE);
  // Whether the server may hold older ones than the device (false once it said none), and what
  // its last ask said when it could not answer.
  const [serverMore, setServerMore] = useState(true);
  const [older, setOlder] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    void loadNotifications(undefined, size).then((page) => live && setInbox(page));
    return () => {
      live = false;
    };
  }, [signedIn, version, size]);
  const shown = inbox?.notifications ?? [];
  const oldest = shown.at(-1)?.id;
  // A device holding fewer than its first read of the account took (the newest
  // HISTORY_PAGE_MAX of the server's; what came since is newer) holds the whole inbox.
  const askServer = inbox?.next === null && serverMore && shown.length >= HISTORY_PAGE_MAX;
  const loadOlder = async () => {
    if (inbox?.next !== null) {
      setSize((count) => count + NOTIFICATIONS_PAGE_SIZE);
      return;
    }
    if (oldest === undefined) return;
    setOlder({ busy: true, error: null });
    const answer = await loadOlderFromServer(oldest);
    if (answer.kind === 'ok') {
      setServerMore(answer.value.next !== null);
      setSize((count) => count + answer.value.notifications.length);
      setOlder({ busy: false, error: null });
    } else {
      setOlder({ busy: false, error: olderFailedWords(answer.kind) });
    }
  };
  const more = inbox !== null && (inbox.next !== null || askServer);
  return { inbox: signedIn ? inbox : null, loadOlder, more, older };
}

/** The inbox (docs/product.md "Notifications"): the signed-in account's notifications, newest
 * first, each with a link to its item or profile; mark read, mark all read. Offline it shows
 * what the device holds. */
export function NotificationsPage() {
  const signedIn = useSessionStore((s) => s.user !== null);
  const { inbox, loadOlder, more, older } = useInbox(signedIn);
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
          {more && (
            <div className={styles.tools}>
              <Button variant="secondary" disabled={older.busy} onClick={() => void loadOlder()}>
                {older.busy ? 'Loading older…' : 'Load older'}
              </Button>
            </div>
          )}
          {/* Empty, it takes no room; a live region so that the words are read out. */}
          <p role="status" aria-label="Older notifications">
            {older.error}
          </p>
        </section>
      )}
      {mounted && signedIn && <WatchedSearches />}
    </PageLayout>
  );
}
