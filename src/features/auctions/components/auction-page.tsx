import { useEffect } from 'react';
import { useRevalidator } from 'react-router-dom';
import { ItemCard } from '@/components/cards/item-card';
import { ListingSection } from '@/components/layout/listing-section';
import { PageLayout } from '@/components/layout/page-layout';
import { CardGrid } from '@/components/ui/card-grid';
import { EmptyState } from '@/components/ui/empty-state';
import { HeldLine } from '@/components/ui/held-line';
import { LinkButton } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { paths } from '@/config/paths';
import type { Item, Page } from '@shared/types';
import { pageHref } from '@/lib/page-param';
import { saleEnd } from '@shared/sale-kinds';

/** "12 auctions", "1 auction", "10,000+ auctions" past the server's count. */
export function auctionCountText(total: number, capped = false): string {
  const noun = total === 1 && !capped ? 'auction' : 'auctions';
  return `${total.toLocaleString('en-US')}${capped ? '+' : ''} ${noun}`;
}

/** Loads the list again when the first of `items` ends, so an ended auction leaves it. */
function useLeaveAtEnd(items: readonly Item[]) {
  const { revalidate } = useRevalidator();
  const ends = items.map(saleEnd).filter((end): end is number => end !== null);
  const next = ends.length > 0 ? Math.min(...ends) : null;
  useEffect(() => {
    if (next === null) return;
    // Browsers fire a timer of more than 2^31 - 1 ms at once; such an end is weeks away.
    const wait = Math.min(Math.max(0, next - Date.now()) + 250, 2 ** 31 - 1);
    const timer = setTimeout(() => void revalidate(), wait);
    return () => clearTimeout(timer);
  }, [next, revalidate]);
}

/**
 * Live Auction (docs/product.md "Live Auction"): the running auctions only, ending soonest first,
 * paginated, with their true count (offline, over the items saved on this device, saying so); each card counts down days, hours, minutes and seconds on the
 * shared clock, with Price, Highest Bid and Bid Now to the item. An auction that ends leaves the
 * list (its page says who won).
 */
export function AuctionPage({ result }: { result: Page<Item> }) {
  useLeaveAtEnd(result.items);
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
        title={auctionCountText(result.total, result.capped)}
        note={
          result.pageCount > 1 && (
            <>
              Page {result.page} of {result.pageCount}
            </>
          )
        }
      >
        <HeldLine held={result.held} />
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
