import { BecomeCreatorForm } from './become-creator-form';
import styles from './upload.module.css';

/** Become a creator (spec section 2). */
export function BecomeCreatorPage() {
  return (
    <div className={`container ${styles.page} ${styles.single}`}>
      <div className={styles.main}>
        <header className={styles.head}>
          <p className={styles.eyebrow}>Creators</p>
          <h1 className={styles.title}>Become a creator</h1>
          <p className={styles.lead}>
            Create your creator profile and upload your first art. Everything is saved on this
            device.
          </p>
        </header>
        <BecomeCreatorForm />
      </div>
    </div>
  );
}
