// Live-auction grid (spec "Shared blocks": 4 cards, all with allData; "Live Auction" cards with
// a countdown, Price and Highest Bid), with a "View all" link to the Live Auction page.
//
// Props:
// - items: auction items, soonest ending first (getDataAccess().listAuctions()).
// - title / subtitle: the section heading (h2). Default "Live Auctions".
// - allData: show every item passed in instead of the first 4.
// - action: 'bid' (default) or 'buy'.
import { useId } from 'react';
import { GRID_AUCTIONS } from '@/config/constants';
import { paths } from '@/config/paths';
import type { Item } from '@/data/types';
import { ItemCard } from '@/components/cards/item-card';
import { LinkButton } from '@/components/ui/button';
import { ChevronEndIcon } from '@/components/ui/content-icons';
import { SectionHeading } from '@/components/ui/section-heading';
import styles from './block-section.module.css';

export interface LiveAuctionGridProps {
  items: readonly Item[];
  title?: string;
  subtitle?: string;
  allData?: boolean;
  action?: 'buy' | 'bid';
  className?: string;
}

export function LiveAuctionGrid({
  items,
  title = 'Live Auctions',
  subtitle = 'Bids close on the clock: every countdown updates each second.',
  allData = false,
  action = 'bid',
  className,
}: LiveAuctionGridProps) {
  const headingId = useId();
  const shown = allData ? items : items.slice(0, GRID_AUCTIONS);
  return (
    <section
      className={[styles.section, className].filter(Boolean).join(' ')}
      aria-labelledby={headingId}
    >
      <SectionHeading
        id={headingId}
        title={title}
        subtitle={subtitle}
        action={
          <LinkButton to={paths.auction} variant="secondary" size="sm">
            All auctions
            <ChevronEndIcon />
          </LinkButton>
        }
      />
      {shown.length === 0 ? (
        <p className={styles.empty}>No auctions are running right now.</p>
      ) : (
        <ul className={styles.grid} data-columns="4">
          {shown.map((item) => (
            <li key={item.id}>
              <ItemCard item={item} action={action} showCountdown />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
