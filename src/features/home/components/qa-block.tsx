// Q&A accordion block (docs/product.md "Shared blocks": 4 questions with the "Have Question? Get in
// touch!" block; "States": one item open, default the first; pressing the open item resets to the
// first, pressing another opens it).
//
// Props:
// - entries: the questions (getDataAccess().listQa()); the first 4 are shown.
// - title / subtitle: the section heading (h2). Default "Frequently asked questions".
import { useId } from 'react';
import { QA_ENTRIES } from '@/config/constants';
import { paths } from '@/config/paths';
import type { FaqEntry } from '@/data/types';
import { Accordion, useResetToFirstAccordion } from '@/components/ui/accordion';
import { LinkButton } from '@/components/ui/button';
import { BlockSection, type BlockHeadingProps } from '@/components/blocks/block-section';
import styles from './qa-block.module.css';

export interface QaBlockProps extends BlockHeadingProps {
  entries: readonly FaqEntry[];
}

export function QaBlock({
  entries,
  title = 'Frequently asked questions',
  subtitle = 'Short answers to what collectors ask first.',
  className,
}: QaBlockProps) {
  const contactId = useId();
  const idPrefix = useId().replace(/:/g, '');
  const [openIndex, onChange] = useResetToFirstAccordion(0);
  const items = entries
    .slice(0, QA_ENTRIES)
    .map((e) => ({ title: e.title, content: <p>{e.content}</p> }));
  return (
    <BlockSection title={title} subtitle={subtitle} className={className}>
      <div className={styles.layout}>
        <Accordion
          items={items}
          openIndex={openIndex}
          onChange={onChange}
          idPrefix={`qa-${idPrefix}`}
          headingLevel={3}
        />
        <aside className={styles.contact} aria-labelledby={contactId}>
          <h3 id={contactId} className={styles.contactTitle}>
            Have Question? Get in touch!
          </h3>
          <p className={styles.contactText}>
            Our support team answers every request, usually within a day. Tell us what you need.
          </p>
          <LinkButton to={paths.helpSupport} variant="primary">
            Contact us
          </LinkButton>
        </aside>
      </div>
    </BlockSection>
  );
}
