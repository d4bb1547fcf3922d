import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { statusText, useSyncStatus } from '../api';
import { SyncPanel } from './sync-panel';
import styles from './sync-panel.module.css';

/** Settings section: what waits to sync, and the sync panel. */
export function SyncSettings() {
  const titleId = useId();
  const status = useSyncStatus();
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby={titleId} className={styles.settings}>
      <h2 id={titleId} className={styles.settingsTitle}>
        Sync
      </h2>
      <p className={styles.muted}>
        {status.mode === 'device-only'
          ? 'This copy of Artmint has no server: your changes stay on this device.'
          : status.mode === 'starting'
            ? 'Changes you make here are saved on this device first, then synced.'
            : `${statusText(status)}.`}
      </p>
      <Button variant="secondary" onClick={() => setOpen(true)} aria-haspopup="dialog">
        Open sync panel
      </Button>
      {open && <SyncPanel open={open} onClose={() => setOpen(false)} />}
    </section>
  );
}
