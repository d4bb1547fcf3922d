import { BecomeCreatorForm, type AccountMaker } from './become-creator-form';
import text from '@/styles/text.module.css';
import styles from './upload.module.css';

/** Become a creator (docs/product.md "Upload and become a creator"); `account` creates the account
 * of a signed-out visitor. */
export function BecomeCreatorPage({ account }: { account: AccountMaker }) {
  return (
    <div className={`container screen-stack ${styles.page} ${styles.single}`}>
      <div className={styles.main}>
        <header className="title-stack">
          <p className={text.eyebrow}>Creators</p>
          <h1 className={text.title}>Become a creator</h1>
          <p className={styles.lead}>
            Create your creator profile and upload your first art. Not signed in yet? The form
            creates your account too.
          </p>
        </header>
        <BecomeCreatorForm account={account} />
      </div>
    </div>
  );
}
