import { useEffect, useState } from 'react';
import { statusText, startSync, useSyncStatus } from '../api';
import { SyncPanel } from './sync-panel';
import styles from './sync-status.module.css';

// In this chunk too, so the slot loads one file for both.
export { LiveAnnouncer } from './live-announcer';

/** "All changes synced" shows this long after the last change synced, then folds to an icon. */
const SYNCED_NOTE_MS = 5000;

function SyncIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M7 18a5 5 0 0 1-.6-9.96A6 6 0 0 1 18 9a4.5 4.5 0 0 1-.5 9H7z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The header's sync status: how many changes wait while offline or pushing, then "All changes
 * synced"; a polite live region that never blocks the screen. It opens the sync panel, and
 * starts the sync engine (it is itself loaded once the page is live and the browser idle).
 */
export function SyncStatus() {
  const status = useSyncStatus();
  const [open, setOpen] = useState(false);
  const [noted, setNoted] = useState(false);
  const [lastWaiting, setLastWaiting] = useState(status.waiting);
  if (lastWaiting !== status.waiting) {
    setLastWaiting(status.waiting);
    if (status.waiting === 0 && lastWaiting > 0) setNoted(true);
  }

  useEffect(() => {
    void startSync();
  }, []);

  useEffect(() => {
    if (!noted) return;
    const timer = window.setTimeout(() => setNoted(false), SYNCED_NOTE_MS);
    return () => window.clearTimeout(timer);
  }, [noted]);

  const hidden = status.mode === 'starting' || status.mode === 'device-only';
  const text = statusText(status);
  const loud = status.waiting > 0 || status.refused > 0 || noted;
  const tone = status.refused > 0 ? 'refused' : status.waiting > 0 ? 'waiting' : 'synced';
  return (
    <div role="status" className={styles.root} hidden={hidden}>
      {!hidden && (
        <button
          type="button"
          className={styles.button}
          data-tone={tone}
          data-loud={loud ? 'true' : 'false'}
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
        >
          <SyncIcon />
          {status.waiting > 0 && (
            <span className={styles.count} aria-hidden="true">
              {status.waiting}
            </span>
          )}
          <span className={loud ? styles.text : 'visually-hidden'}>{text}</span>
        </button>
      )}
      {open && <SyncPanel open={open} onClose={() => setOpen(false)} />}
    </div>
  );
}
