import { useEffect, useRef } from 'react';
import { showToast } from '@/components/ui/toast';
import { APP_BUILD } from '../build-info';
import { dismissUpdatePrompt, usePwaStore } from '../pwa-store';
import { applyUpdate, startPwa } from '../register';
import { useOnline } from '@/lib/use-online';
import { OfflineBanner } from './offline-banner';
import { UpdatePrompt } from './update-prompt';
import styles from './pwa-status.module.css';

/** Says "Back online" when the network returns after having been gone. */
function useBackOnlineNotice(online: boolean): void {
  const wasOffline = useRef(!online);
  useEffect(() => {
    if (!online) {
      wasOffline.current = true;
      return;
    }
    if (!wasOffline.current) return;
    wasOffline.current = false;
    showToast({
      tone: 'success',
      title: 'Back online',
      description: 'Everything that needs the network works again.',
      duration: 4000,
    });
  }, [online]);
}

/**
 * The app's offline and update status, mounted once in the root layout: registers the service
 * worker, shows the offline banner, "Back online", "Ready to work offline" (as notifications)
 * and the "new version" prompt.
 */
export function PwaStatus() {
  const online = useOnline();
  const needRefresh = usePwaStore((s) => s.needRefresh);
  const dismissed = usePwaStore((s) => s.dismissed);
  const reloading = usePwaStore((s) => s.reloading);
  useBackOnlineNotice(online);

  useEffect(() => {
    startPwa();
  }, []);

  return (
    <div className={styles.region} role="status" aria-label="App status" data-app-build={APP_BUILD}>
      {needRefresh && !dismissed && (
        <UpdatePrompt reloading={reloading} onReload={applyUpdate} onLater={dismissUpdatePrompt} />
      )}
      {!online && <OfflineBanner />}
    </div>
  );
}
