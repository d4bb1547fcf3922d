import { BecomeCreatorForm } from './become-creator-form';
import text from '@/styles/text.module.css';
import styles from './upload.module.css';

/** Become a creator (spec section 2). */
export function BecomeCreatorPage() {
  return (
    <div className={`container screen-stack ${styles.page} ${styles.single}`}>
      <div className={styles.main}>
        <header className="title-stack">
          <p className={text.eyebrow}>Creators</p>
          <h1 className={text.title}>Become a creator</h1>
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
