import { Accordion, useStayOpenAccordion } from '@/components/ui/accordion';
import type { FaqSection as FaqSectionData } from '@/data/types';
import styles from './help.module.css';

/**
 * One FAQ section with its own open index (docs/product.md "States": four independent indexes, each
 * starting at 0; choosing an item opens it and never toggles it closed).
 */
export function FaqSection({ section }: { section: FaqSectionData }) {
  const [openIndex, onChange] = useStayOpenAccordion(0);
  const titleId = `${section.id}-title`;
  return (
    <section id={section.id} className={styles.faqSection} aria-labelledby={titleId}>
      <h2 id={titleId} tabIndex={-1} className={styles.sectionTitle}>
        {section.title}
      </h2>
      <Accordion
        items={section.entries.map((entry) => ({ title: entry.title, content: entry.content }))}
        openIndex={openIndex}
        onChange={onChange}
        idPrefix={`faq-${section.id}`}
      />
    </section>
  );
}
