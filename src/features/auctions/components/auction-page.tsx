import { ItemCard } from '@/components/cards/item-card';
import { ListingSection } from '@/components/layout/listing-section';
import { PageLayout } from '@/components/layout/page-layout';
import { CardGrid } from '@/components/ui/card-grid';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkButton } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { paths } from '@/config/paths';
import type { Item, Page } from '@/data/types';
import { pageHref } from '@/lib/page-param';

/** "12 auctions", "1 auction". */
export function auctionCountText(total: number): string {
  return `${total} ${total === 1 ? 'auction' : 'auctions'}`;
}

/**
 * Live Auction (spec section 2): every auction, paginated; each card counts down days, hours,
 * minutes and seconds on the shared clock ("Auction ended" once over), with Price, Highest Bid
 * and Buy Now to the item.
 */
export function AuctionPage({ result }: { result: Page<Item> }) {
  return (
    <PageLayout
      crumbs={[
        { label: 'Home', to: paths.home },
        { label: 'Explore', to: paths.exploreOne },
        { label: 'Live Auction' },
      ]}
      title="Live Auction"
      lead="Bid before the clock runs out. Auctions ending soonest come first; the highest bid updates as soon as you place yours."
    >
      <ListingSection
        id="auction-list"
        title={auctionCountText(result.total)}
        note={
          result.pageCount > 1 && (
            <>
              Page {result.page} of {result.pageCount}
            </>
          )
        }
      >
        {result.items.length === 0 ? (
          <EmptyState
            level={3}
            title="No auctions right now"
            description="New auctions appear here as soon as they start."
            action={<LinkButton to={paths.exploreOne}>Explore items</LinkButton>}
          />
        ) : (
          <CardGrid>
            {result.items.map((item, index) => (
              <ItemCard key={item.id} item={item} as="li" showCountdown priority={index === 0} />
            ))}
          </CardGrid>
        )}
        <Pagination
          page={result.page}
          pageCount={result.pageCount}
          hrefFor={(page) => pageHref(paths.auction, page)}
          label="Auction pages"
        />
      </ListingSection>
    </PageLayout>
  );
}
