// Explore Hot Items (docs/product.md "Home pages": first 8 items, each card's action and countdown
// as its kind of sale says, shared/sale-kinds.ts, updated each second on the shared clock).
//
// Props:
// - items: the items (the first 8 are shown).
// - title / subtitle: the section heading (h2). Default "Explore Hot Items".
import { GRID_HOT_ITEMS } from '@/config/constants';
import { paths } from '@/config/paths';
import type { Item } from '@shared/types';
import { BlockSection, MoreLink, type BlockHeadingProps } from '@/components/blocks/block-section';
import { ItemCardGrid } from '@/components/blocks/item-card-grid';

export interface HotItemsProps extends BlockHeadingProps {
  items: readonly Item[];
}

export function HotItems({
  items,
  title = 'Explore Hot Items',
  subtitle = 'The pieces collectors are watching right now.',
  className,
}: HotItemsProps) {
  return (
    <BlockSection
      title={title}
      subtitle={subtitle}
      action={<MoreLink to={paths.exploreTwo}>Explore More</MoreLink>}
      className={className}
    >
      <ItemCardGrid items={items.slice(0, GRID_HOT_ITEMS)} showCountdown />
    </BlockSection>
  );
}
