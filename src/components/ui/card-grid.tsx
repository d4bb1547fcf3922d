// The one grid of cards (items, creators, blog posts) on every page: 1 column on a phone, 2 from
// 540 px, 3 from 860 px and, with `columns={4}`, 4 from 1120 px (docs/product.md "Explore items": 4
// wide, 3 medium, 2 small, 1 mobile; creators: 1 small, 2 medium, 3 large).
//
//   <CardGrid columns={3} label="Creators">
//     {creators.map((c) => <CardGridCell key={c.id}><CreatorCard creator={c} /></CardGridCell>)}
//   </CardGrid>
//
// A child is a list item: a card rendered as one (<ItemCard as="li" />) or a CardGridCell around
// a card, which stretches it to the row's height.
import type { ReactNode } from 'react';
import styles from './card-grid.module.css';

export interface CardGridProps {
  /** The most columns, on wide screens. */
  columns?: 3 | 4;
  /** Beside a side form the grid has less room: 2 columns until the wide breakpoint. */
  beside?: boolean;
  /** 'ol' when the order means something (a ranking). */
  as?: 'ul' | 'ol';
  /** The list's accessible name, when the section's heading does not give it. */
  label?: string;
  children: ReactNode;
}

export function CardGrid({
  columns = 4,
  beside = false,
  as = 'ul',
  label,
  children,
}: CardGridProps) {
  const List = as;
  return (
    <List
      role="list"
      className={styles.grid}
      data-columns={columns}
      data-beside={beside || undefined}
      aria-label={label}
    >
      {children}
    </List>
  );
}

/** A list item of the grid that stretches its card to the row's height. */
export function CardGridCell({ children }: { children: ReactNode }) {
  return <li className={styles.cell}>{children}</li>;
}
