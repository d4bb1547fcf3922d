import type { ReactNode } from 'react';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { paths } from '@/config/paths';
import { GetInTouch } from './get-in-touch';
import styles from './help.module.css';

/**
 * Support request (spec section 2 "Help centre": the "Have Question? Get in touch!" block and
 * the support request form, method post; section 8: an error area and a message area).
 */
export function HelpSupport({ form }: { form: ReactNode }) {
  return (
    <div className={`container ${styles.narrow} ${styles.supportPage}`}>
      <Breadcrumb
        items={[
          { label: 'Home', to: paths.home },
          { label: 'Help centre', to: paths.helpOverview },
          { label: 'Support request' },
        ]}
      />
      <header className={styles.head}>
        <h1 className={styles.pageTitle}>Support request</h1>
        <p className={styles.lead}>
          Describe what happened and include the page you were on; for an order, add the item’s
          contract address and token ID.
        </p>
      </header>
      <GetInTouch>{form}</GetInTouch>
    </div>
  );
}
