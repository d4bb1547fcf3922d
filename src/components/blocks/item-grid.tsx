// Item cards grid (docs/product.md "Shared blocks"): 8 cards unless `allData`, "Explore More" link
// when a title is given, optional pagination.
//
// Props:
// - items: the items to show (the first 8 unless allData).
// - title / subtitle: the section heading (h2); with a title an "Explore More" link is shown.
// - exploreHref: where "Explore More" goes (default explore one).
// - allData: show every item passed in.
// - pagination: { page, pageCount, hrefFor } to show real pagination under the grid.
// - columns: 4 (default) or 3 at wide sizes.
// - headingId: id for the heading when the caller needs to reference it.
import { GRID_ITEM_CARDS } from '@/config/constants';
import { paths } from '@/config/paths';
import type { Item } from '@shared/types';
import { Pagination, type PaginationProps } from '@/components/ui/pagination';
import { BlockSection, MoreLink, type BlockHeadingProps } from './block-section';
import { ItemCardGrid } from './item-card-grid';
import styles from './block-section.module.css';

export interface ItemGridProps extends BlockHeadingProps {
  items: readonly Item[];
  exploreHref?: string;
  allData?: boolean;
  pagination?: Pick<PaginationProps, 'page' | 'pageCount' | 'hrefFor'>;
  columns?: 3 | 4;
}

export function ItemGrid({
  items,
  title,
  subtitle,
  exploreHref = paths.exploreOne,
  allData = false,
  pagination,
  columns = 4,
  className,
}: ItemGridProps) {
  return (
    <BlockSection
      title={title}
      subtitle={subtitle}
      action={<MoreLink to={exploreHref}>Explore More</MoreLink>}
      className={className}
    >
      <ItemCardGrid
        items={allData ? items : items.slice(0, GRID_ITEM_CARDS)}
        headingLevel={title ? 3 : 2}
        columns={columns}
        empty="No items to show yet."
      />
      {pagination && (
        <div className={styles.footer}>
          <Pagination {...pagination} />
        </div>
      )}
    </BlockSection>
  );
}
