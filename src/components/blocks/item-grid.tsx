// Item cards grid (spec "Shared blocks"): 8 cards unless `allData`, "Explore More" link when a
// title is given, optional pagination.
//
// Props:
// - items: the items to show (the first 8 unless allData).
// - title / subtitle: the section heading (h2); with a title an "Explore More" link is shown.
// - exploreHref: where "Explore More" goes (default explore one).
// - allData: show every item passed in.
// - pagination: { page, pageCount, hrefFor } to show real pagination under the grid.
// - action: 'buy' (default) or 'bid' for every card.
// - columns: 4 (default) or 3 at wide sizes.
// - headingId: id for the heading when the caller needs to reference it.
import { useId } from 'react';
import { GRID_ITEM_CARDS } from '@/config/constants';
import { paths } from '@/config/paths';
import type { Item } from '@/data/types';
import { ItemCard } from '@/components/cards/item-card';
import { LinkButton } from '@/components/ui/button';
import { ChevronEndIcon } from '@/components/ui/content-icons';
import { Pagination, type PaginationProps } from '@/components/ui/pagination';
import { SectionHeading } from '@/components/ui/section-heading';
import styles from './block-section.module.css';

export interface ItemGridProps {
  items: readonly Item[];
  title?: string;
  subtitle?: string;
  exploreHref?: string;
  allData?: boolean;
  pagination?: Pick<PaginationProps, 'page' | 'pageCount' | 'hrefFor'>;
  action?: 'buy' | 'bid';
  columns?: 3 | 4;
  className?: string;
}

export function ItemGrid({
  items,
  title,
  subtitle,
  exploreHref = paths.exploreOne,
  allData = false,
  pagination,
  action = 'buy',
  columns = 4,
  className,
}: ItemGridProps) {
  const headingId = useId();
  const shown = allData ? items : items.slice(0, GRID_ITEM_CARDS);
  return (
    <section
      className={[styles.section, className].filter(Boolean).join(' ')}
      aria-labelledby={title ? headingId : undefined}
    >
      {title && (
        <SectionHeading
          id={headingId}
          title={title}
          subtitle={subtitle}
          action={
            <LinkButton to={exploreHref} variant="secondary" size="sm">
              Explore More
              <ChevronEndIcon />
            </LinkButton>
          }
        />
      )}
      {shown.length === 0 ? (
        <p className={styles.empty}>No items to show yet.</p>
      ) : (
        <ul className={styles.grid} data-columns={columns}>
          {shown.map((item) => (
            <li key={item.id}>
              <ItemCard item={item} action={action} headingLevel={title ? 3 : 2} />
            </li>
          ))}
        </ul>
      )}
      {pagination && (
        <div className={styles.footer}>
          <Pagination {...pagination} />
        </div>
      )}
    </section>
  );
}
