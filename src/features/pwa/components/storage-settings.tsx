import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { APP_BUILD } from '../build-info';
import { formatBytes } from '../format-bytes';
import { clearOfflineData, countWaitingChanges, readStorageUsage } from '../storage-usage';
import { useRead } from '@/lib/use-read';
import block from '@/components/forms/settings-block.module.css';
import styles from './storage-settings.module.css';

function describe(bytes: number | null): string {
  return bytes === null ? 'Not reported by this browser' : formatBytes(bytes);
}

/**
 * Settings section: what Artmint keeps on this device (the offline copy and the user's own
 * data) and a "Clear offline data" button with a confirmation. Clearing never touches the
 * user's data; that goes with Delete account.
 */
export function StorageSettings() {
  const titleId = useId();
  const { state: load, refresh } = useRead(readStorageUsage);
  const [confirming, setConfirming] = useState(false);
  const [clearing, setClearing] = useState(false);
  const [message, setMessage] = useState('');

  // Changes still waiting to sync need the app to reach the server: clearing waits for them.
  const onClear = async () => {
    const waiting = await countWaitingChanges();
    if (waiting > 0) {
      setMessage(
        `${waiting} ${waiting === 1 ? 'change is' : 'changes are'} still waiting to sync. Clear offline data once they have synced (see Sync above).`,
      );
      return;
    }
    setMessage('');
    setConfirming(true);
  };

  const onConfirm = async () => {
    setClearing(true);
    try {
      await clearOfflineData();
      setMessage(
        'Offline data cleared. Your own data is untouched. Artmint saves its offline copy again the next time you open it online.',
      );
    } catch {
      setMessage(
        'The offline data could not be cleared. Try again, or clear site data in the browser settings.',
      );
    } finally {
      setClearing(false);
      setConfirming(false);
      refresh();
    }
  };

  const usage = load.kind === 'ready' ? load.value : null;
  return (
    <section className={block.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={block.title}>
        Storage on this device
      </h2>
      {load.kind === 'failed' ? (
        <p className={block.muted}>This browser does not report how much is stored.</p>
      ) : (
        <dl className={styles.list} aria-busy={load.kind === 'loading'}>
          <div className={styles.row}>
            <dt>Offline copy of the app</dt>
            <dd>
              {usage
                ? `${describe(usage.offlineBytes)} (${usage.offlineFiles} ${usage.offlineFiles === 1 ? 'file' : 'files'})`
                : 'Measuring...'}
            </dd>
          </div>
          <div className={styles.row}>
            <dt>Your data (account, items, bids, forms)</dt>
            <dd>{usage ? describe(usage.userBytes) : 'Measuring...'}</dd>
          </div>
          {usage?.quotaBytes != null && (
            <div className={styles.row}>
              <dt>Space the browser allows</dt>
              <dd>{formatBytes(usage.quotaBytes)}</dd>
            </div>
          )}
          <div className={styles.row}>
            <dt>App version</dt>
            <dd>{APP_BUILD}</dd>
          </div>
        </dl>
      )}
      <p className={block.muted}>
        The offline copy lets every page, image and font open without a network. Clearing it frees
        space; your own data stays. To remove your own data from this device, use Delete account in
        these settings.
      </p>
      <Button variant="secondary" onClick={() => void onClear()} disabled={clearing}>
        Clear offline data
      </Button>
      <p className={block.message} role="status">
        {message}
      </p>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Clear offline data?"
        size="sm"
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirming(false)} disabled={clearing}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => void onConfirm()} busy={clearing}>
              Clear offline data
            </Button>
          </>
        }
      >
        <p className={styles.modalText}>
          This removes the offline copy of Artmint&apos;s pages, images and fonts
          {usage?.offlineBytes ? ` (${formatBytes(usage.offlineBytes)})` : ''}. Until you open
          Artmint online again, it will not work without a network.
        </p>
        <p className={styles.modalText}>Your account, items, bids and saved forms are kept.</p>
      </Modal>
    </section>
  );
}
