import { useId } from 'react';
import { Spinner } from './spinner';
import styles from './page-loading.module.css';

interface PageLoadingProps {
  /** What is on its way, said and shown: "Loading the item…". */
  label: string;
}

/**
 * A screen whose data the device does not hold yet, while the server is asked: its place in the
 * layout, busy, with a visible status (docs/product.md "Item detail"), never an empty page.
 */
export function PageLoading({ label }: PageLoadingProps) {
  const id = useId();
  return (
    <section className={`container ${styles.page}`} aria-labelledby={id} aria-busy="true">
      <p id={id} role="status" className={styles.status}>
        <Spinner size="lg" className={styles.spinner} />
        {label}
      </p>
    </section>
  );
}
