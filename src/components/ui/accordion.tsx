import { useCallback, useState, type ReactNode } from 'react';
import { ChevronDownIcon } from './icon';
import disclosure from './disclosure.module.css';
import styles from './accordion.module.css';
import { classNames } from '@/lib/class-names';

export interface AccordionItem {
  title: ReactNode;
  content: ReactNode;
}

export interface AccordionProps {
  items: AccordionItem[];
  /** The open item's index; -1 (or any index not in the list) for none. */
  openIndex: number;
  /** Called with the index of the header that was pressed; the hooks below decide what opens. */
  onChange: (index: number) => void;
  /** Makes the ids unique on the page, e.g. "terms" or "faq-buying". */
  idPrefix: string;
  /** Heading level wrapping each header button (WAI-ARIA accordion pattern). */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  className?: string;
}

/**
 * A controlled accordion: each header is a button with aria-expanded and aria-controls inside a
 * heading; each panel is a region labelled by its header. Opening animates the height where the
 * browser supports it, and not at all under reduced motion.
 */
export function Accordion({
  items,
  openIndex,
  onChange,
  idPrefix,
  headingLevel = 3,
  className,
}: AccordionProps) {
  const Heading = `h${headingLevel}` as const;
  // Panels animate only once the user presses a header: the item open on load appears at its
  // full height at once, so nothing shifts while the page loads (CLS).
  const [pressed, setPressed] = useState(false);
  return (
    <div className={classNames(styles.accordion, className)} data-animate={pressed || undefined}>
      {items.map((item, index) => {
        const open = index === openIndex;
        const headerId = `${idPrefix}-header-${index}`;
        const panelId = `${idPrefix}-panel-${index}`;
        return (
          <div key={index} className={styles.item} data-open={open || undefined}>
            <Heading className={styles.heading}>
              <button
                type="button"
                id={headerId}
                className={styles.trigger}
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => {
                  setPressed(true);
                  onChange(index);
                }}
              >
                <span className={styles.title}>{item.title}</span>
                <ChevronDownIcon className={`${disclosure.chevron} ${styles.chevron}`} />
              </button>
            </Heading>
            <div
              id={panelId}
              role="region"
              aria-labelledby={headerId}
              hidden={!open}
              className={styles.panel}
            >
              <div className={styles.content}>{item.content}</div>
            </div>
          </div>
        );
      })}
    </div>
  );
}

/**
 * Terms, help overview and the Q&A block (docs/product.md "States"): one item open at a time,
 * starting at `defaultIndex`; pressing the open item resets to the first item (index 0), pressing
 * another opens it. Returns [openIndex, onChange] for <Accordion>.
 */
export function useResetToFirstAccordion(defaultIndex = 0) {
  const [openIndex, setOpenIndex] = useState(defaultIndex);
  const onChange = useCallback((index: number) => {
    setOpenIndex((current) => (current === index ? 0 : index));
  }, []);
  return [openIndex, onChange] as const;
}

/**
 * FAQs page (docs/product.md "States"), one per section: choosing an item opens it, choosing it
 * again keeps it open (never toggles closed). Returns [openIndex, onChange] for <Accordion>.
 */
export function useStayOpenAccordion(defaultIndex = 0) {
  const [openIndex, setOpenIndex] = useState(defaultIndex);
  const onChange = useCallback((index: number) => setOpenIndex(index), []);
  return [openIndex, onChange] as const;
}
