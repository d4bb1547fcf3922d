import type { ReactNode } from 'react';
import styles from './card-grid.module.css';

export interface CardGridProps {
  /** 4: 4 wide, 3 medium, 2 small, 1 phone; 3: at most 3, and 2 until it fits 3 (beside a side form). */
  columns?: 3 | 4;
  /** The cards, each rendered as an <li>. */
  children: ReactNode;
}

/** A list of cards in a responsive grid: 1 column on a phone, then 2, 3 and 4 as the width grows. */
export function CardGrid({ columns = 4, children }: CardGridProps) {
  return (
    <ul role="list" className={styles.grid} data-columns={columns}>
      {children}
    </ul>
  );
}
