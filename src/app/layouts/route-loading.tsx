import styles from './route-loading.module.css';

/** Shown while the first route module of a cold start loads. */
export function RouteLoading() {
  return (
    <div className={styles.wrap} role="status">
      <span className={styles.dot} aria-hidden="true" />
      <span className="visually-hidden">Loading Artmint</span>
    </div>
  );
}
