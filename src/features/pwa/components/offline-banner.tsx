import styles from './pwa-status.module.css';

/** Shown while the browser has no network. Informative only: it never blocks a click. */
export function OfflineBanner() {
  return (
    <p className={styles.banner}>
      <span className={styles.dot} aria-hidden="true" />
      <span>
        <strong>You are offline.</strong> Artmint keeps working; anything that needs the network
        says so.
      </span>
    </p>
  );
}
