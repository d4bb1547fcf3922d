import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import {
  dismissChange,
  limitText,
  listSyncChanges,
  lostText,
  statusText,
  syncNow,
  useSyncStatus,
  type SyncChange,
} from '../api';
import styles from './sync-panel.module.css';

const STATE_LABEL: Record<SyncChange['state'], string> = {
  waiting: 'Waiting',
  synced: 'Synced',
  refused: 'Refused',
};

function intro(mode: string, needsSignIn: boolean): string {
  if (mode === 'device-only') {
    return 'This copy of Artmint has no server: your changes stay on this device.';
  }
  if (needsSignIn) return 'Sign in to sync your bids, favourites, follows and uploads.';
  if (mode === 'offline') return 'You are offline. Changes sync as soon as a network is there.';
  return 'Your changes reach the Artmint server and every collector.';
}

/** Every change this device made: waiting, synced or refused, with the reason and what to do;
 * while the server limits this account's pushes, its words and when they go. */
export function SyncPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const status = useSyncStatus();
  const [changes, setChanges] = useState<SyncChange[] | null>(null);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    if (!open) return;
    let current = true;
    void listSyncChanges().then((list) => {
      if (current) setChanges(list);
    });
    return () => {
      current = false;
    };
  }, [open, status.version, status.waiting, status.refused, reload]);

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Sync"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Close
          </Button>
          <Button
            onClick={() => void syncNow()}
            disabled={status.mode === 'device-only' || status.waiting === 0}
          >
            Sync now
          </Button>
        </>
      }
    >
      <p className={styles.summary}>
        <strong>{statusText(status)}.</strong> {intro(status.mode, status.needsSignIn)}
      </p>
      {status.limit && status.waiting > 0 && (
        <p role="note" className={styles.limit}>
          {limitText(status.limit)}
        </p>
      )}
      {changes === null ? (
        <p className={styles.muted}>Loading changes...</p>
      ) : changes.length === 0 ? (
        <p className={styles.muted}>No changes made on this device yet.</p>
      ) : (
        <ul className={styles.list} aria-label="Changes">
          {changes.map((change) => (
            <li key={change.id} className={styles.row} data-state={change.state}>
              <div className={styles.head}>
                <span className={styles.label}>{change.label}</span>
                <span className={styles.badge} data-state={change.state}>
                  {STATE_LABEL[change.state]}
                </span>
              </div>
              <time className={styles.muted} dateTime={change.at}>
                {new Date(change.at).toLocaleString()}
              </time>
              {change.lost && change.lost.length > 0 && (
                <div
                  role="note"
                  aria-label={`Kept from another device: ${change.label}`}
                  className={styles.lost}
                >
                  {change.lost.map((lost) => (
                    <p key={lost.field}>{lostText(lost)}</p>
                  ))}
                </div>
              )}
              {change.state === 'refused' && (
                <div className={styles.refusal}>
                  <p>{change.error}</p>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Dismiss: ${change.label}`}
                    onClick={() =>
                      void dismissChange(change.id).then(() => setReload((n) => n + 1))
                    }
                  >
                    Dismiss
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
