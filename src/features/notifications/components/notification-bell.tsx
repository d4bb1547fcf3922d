import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Svg } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import { useSessionStore } from '@/data/session-store';
import { badgeText, bellName, loadUnreadCount, useHydrated, useInboxVersion } from '../api';
import styles from './notification-bell.module.css';

/** The unread count of the signed-in account, read again after each sync. */
function useUnread(signedIn: boolean): number {
  const version = useInboxVersion();
  const [unread, setUnread] = useState(0);
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    void loadUnreadCount().then(
      (count) => live && setUnread(count),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [signedIn, version]);
  return signedIn ? unread : 0;
}

/** The header's bell (docs/product.md "Notifications"): a link to the inbox with the unread
 * count in its name and on its badge; only while someone is signed in. */
export function NotificationBell() {
  const signedIn = useSessionStore((s) => s.user !== null);
  const unread = useUnread(signedIn);
  // The prerendered page knows nobody: hydration sees no bell.
  const mounted = useHydrated();
  if (!signedIn || !mounted) return null;
  const badge = badgeText(unread);
  return (
    <Link to={paths.notifications} className={styles.bell} aria-label={bellName(unread)}>
      <Svg>
        <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </Svg>
      {badge && (
        <span className={styles.badge} aria-hidden="true">
          {badge}
        </span>
      )}
    </Link>
  );
}
