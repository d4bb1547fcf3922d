// Live-auction grid (docs/product.md "Shared blocks": 4 cards, all with allData; "Live Auction"
// cards with a countdown, Price and Highest Bid), with a "View all" link to the Live Auction page.
//
// Props:
// - items: auction items, soonest ending first (getDataAccess().listAuctions()).
// - title / subtitle: the section heading (h2). Default "Live Auctions".
// - allData: show every item passed in instead of the first 4.
import { GRID_AUCTIONS } from '@/config/constants';
import { paths } from '@/config/paths';
import type { Item } from '@shared/types';
import { BlockSection, MoreLink, type BlockHeadingProps } from '@/components/blocks/block-section';
import { ItemCardGrid } from '@/components/blocks/item-card-grid';

export interface LiveAuctionGridProps extends BlockHeadingProps {
  items: readonly Item[];
  allData?: boolean;
}

export function LiveAuctionGrid({
  items,
  title = 'Live Auctions',
  subtitle = 'Bids close on the clock: every countdown updates each second.',
  allData = false,
  className,
}: LiveAuctionGridProps) {
  return (
    <BlockSection
      title={title}
      subtitle={subtitle}
      action={<MoreLink to={paths.auction}>All auctions</MoreLink>}
      className={className}
    >
      <ItemCardGrid
        items={allData ? items : items.slice(0, GRID_AUCTIONS)}
        showCountdown
        empty="No auctions are running right now."
      />
    </BlockSection>
  );
}
