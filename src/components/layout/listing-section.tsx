import type { ReactNode } from 'react';
import styles from './listing-section.module.css';

export interface ListingSectionProps {
  /** The h2's id; the section is labelled by it. */
  id: string;
  title: ReactNode;
  /** "h2": a section title; "h3": a smaller title (a count such as "12 auctions"). */
  titleSize?: 'h2' | 'h3';
  /** A muted note at the end of the title row ("Page 2 of 3"). */
  note?: ReactNode;
  /** The list, its empty state and its pagination. */
  children: ReactNode;
}

/** A listing screen's main section: a title row (h2 and a note), then the list. */
export function ListingSection({
  id,
  title,
  titleSize = 'h3',
  note,
  children,
}: ListingSectionProps) {
  return (
    <section aria-labelledby={id} className={styles.section}>
      <div className={styles.bar}>
        <h2 id={id} className={styles.title} data-size={titleSize}>
          {title}
        </h2>
        {note && <p className={styles.note}>{note}</p>}
      </div>
      {children}
    </section>
  );
}
