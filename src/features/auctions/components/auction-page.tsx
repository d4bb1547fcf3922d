import { ItemCard } from '@/components/cards/item-card';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkButton } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { paths } from '@/config/paths';
import type { Item, Page } from '@/data/types';
import { pageHref } from '@/lib/page-param';
import styles from './auction-page.module.css';

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
    <div className={`container ${styles.page}`}>
      <header className={styles.head}>
        <Breadcrumb
          items={[
            { label: 'Home', to: paths.home },
            { label: 'Explore', to: paths.exploreOne },
            { label: 'Live Auction' },
          ]}
        />
        <h1 className={styles.title}>Live Auction</h1>
        <p className={styles.lead}>
          Bid before the clock runs out. Auctions ending soonest come first; the highest bid updates
          as soon as you place yours.
        </p>
      </header>
      <section aria-labelledby="auction-list" className={styles.list}>
        <div className={styles.bar}>
          <h2 id="auction-list" className={styles.count}>
            {auctionCountText(result.total)}
          </h2>
          {result.pageCount > 1 && (
            <p className={styles.pageNote}>
              Page {result.page} of {result.pageCount}
            </p>
          )}
        </div>
        {result.items.length === 0 ? (
          <EmptyState
            level={3}
            title="No auctions right now"
            description="New auctions appear here as soon as they start."
            action={<LinkButton to={paths.exploreOne}>Explore items</LinkButton>}
          />
        ) : (
          <ul role="list" className={styles.grid}>
            {result.items.map((item, index) => (
              <ItemCard key={item.id} item={item} as="li" showCountdown priority={index === 0} />
            ))}
          </ul>
        )}
        <Pagination
          page={result.page}
          pageCount={result.pageCount}
          hrefFor={(page) => pageHref(paths.auction, page)}
          label="Auction pages"
        />
      </section>
    </div>
  );
}
