// The grid of item cards the item blocks share (hot items, live auctions, item grid): one list
// item per card, 4 columns at wide sizes unless `columns` is 3.
//
// Props:
// - items: the items to show, all of them (the block slices first).
// - showCountdown / headingLevel: passed to every ItemCard.
// - columns: 4 (default) or 3 at wide sizes.
// - empty: a message shown instead of an empty grid; without it an empty list is rendered.
import type { Item } from '@shared/types';
import { ItemCard, type ItemCardProps } from '@/components/cards/item-card';
import { CardGrid, CardGridCell } from '@/components/ui/card-grid';
import styles from './block-section.module.css';

export interface ItemCardGridProps extends Pick<ItemCardProps, 'showCountdown' | 'headingLevel'> {
  items: readonly Item[];
  columns?: 3 | 4;
  empty?: string;
}

export function ItemCardGrid({ items, columns = 4, empty, ...card }: ItemCardGridProps) {
  if (empty !== undefined && items.length === 0) return <p className={styles.empty}>{empty}</p>;
  return (
    <CardGrid columns={columns}>
      {items.map((item) => (
        <CardGridCell key={item.id}>
          <ItemCard item={item} {...card} />
        </CardGridCell>
      ))}
    </CardGrid>
  );
}
