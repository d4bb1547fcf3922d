import type { ReactNode } from 'react';
import { PageLayout } from '@/components/layout/page-layout';
import { GetInTouch } from './get-in-touch';
import { helpCrumbs } from './help-crumbs';
import styles from './help.module.css';

/**
 * Support request (docs/product.md "Help centre": the "Have Question? Get in touch!" block and
 * the support request form, method post; "Error messages": an error area and a message area).
 */
export function HelpSupport({ form }: { form: ReactNode }) {
  return (
    <PageLayout
      variant="content"
      crumbs={helpCrumbs('Support request')}
      title="Support request"
      lead="Describe what happened and include the page you were on; for an order, add the item’s contract address and token ID."
      className={styles.narrow}
    >
      <GetInTouch>{form}</GetInTouch>
    </PageLayout>
  );
}
