import { Accordion, useResetToFirstAccordion } from '@/components/ui/accordion';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { LinkButton } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { FaqEntry } from '@/data/types';
import styles from './legal.module.css';

/** Terms (docs/product.md "Legal pages"): an accordion of 4 items, one open at a time; Accept and
 * Decline to /. */
export function Terms({ entries }: { entries: FaqEntry[] }) {
  const [openIndex, onChange] = useResetToFirstAccordion(0);
  return (
    <article className={`container ${styles.page}`} aria-labelledby="terms-title">
      <Breadcrumb items={[{ label: 'Home', to: paths.home }, { label: 'Terms' }]} />
      <header className={styles.head}>
        <h1 id="terms-title">Terms of use</h1>
        <p className={styles.lead}>
          Artmint is a front end that keeps everything you do on your own device. Please read these
          terms before you bid, buy or upload.
        </p>
      </header>
      <div className={`surface-raised ${styles.card}`}>
        <Accordion
          items={entries.map((e) => ({ title: e.title, content: e.content }))}
          openIndex={openIndex}
          onChange={onChange}
          idPrefix="terms"
          headingLevel={2}
        />
        <div className={styles.actions}>
          <LinkButton to={paths.home} variant="primary">
            Accept
          </LinkButton>
          <LinkButton to={paths.home} variant="secondary">
            Decline
          </LinkButton>
        </div>
      </div>
    </article>
  );
}
