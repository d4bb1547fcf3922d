import { AccountSidebar } from './account-sidebar';
import { UploadForm } from './upload-form';
import text from '@/styles/text.module.css';
import styles from './upload.module.css';

/** Upload Your Work (docs/product.md "Upload and become a creator"): the account sidebar and the
 * upload form. */
export function UploadPage() {
  return (
    <div className={`container screen-stack ${styles.page}`}>
      <AccountSidebar />
      <div className={styles.main}>
        <header className="title-stack">
          <p className={text.eyebrow}>Create</p>
          <h1 className={text.title}>Upload Your Work</h1>
          <p className={styles.lead}>
            Add your artwork: it is saved on this device, then listed in the marketplace for every
            collector.
          </p>
        </header>
        <UploadForm />
      </div>
    </div>
  );
}
