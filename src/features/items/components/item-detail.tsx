// The item detail screen (docs/product.md "Item detail"; "Records and fields", "States", "Fixed
// values"): artwork with its lightbox, title, collection link, creator and owner, market price,
// details, Bids/Activity tabs, and the "Place a Bid" and "Checkout" modals. After a write the route
// loader runs again (revalidate), so the page shows what the device now holds.
import { Suspense, useEffect, useState } from 'react';
import { Link, useRevalidator } from 'react-router-dom';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { showToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import type { ItemDetailData } from '../api';
import { ItemFacts } from './item-facts';
import { ItemGallery } from './item-gallery';
import { ItemHistory } from './item-history';
import { ItemMarket } from './item-market';
import { isBelowBestOffer, saleKindText } from '@shared/sale-kinds';
import { saleState } from '@shared/sale-state';
import {
  LazyBidModal,
  LazyCheckoutModal,
  LazyItemOffers,
  LazyRelatedItems,
  preloadModalsWhenIdle,
} from './lazy-parts';
import { PersonCard } from './person-card';
import styles from './item-detail.module.css';

type Dialog = 'bid' | 'checkout' | null;

export function ItemDetail({ data }: { data: ItemDetailData }) {
  const { item, creator, owner, collection, bids, standing, activity, related } = data;
  const [dialog, setDialog] = useState<Dialog>(null);
  const revalidator = useRevalidator();
  const close = () => setDialog(null);
  useEffect(() => preloadModalsWhenIdle(), []);

  return (
    <div className={`container ${styles.page}`}>
      <Breadcrumb
        items={[
          { label: 'Home', to: paths.home },
          { label: 'Explore', to: paths.exploreOne },
          { label: item.title },
        ]}
      />
      <div className={styles.layout}>
        <div className={styles.media}>
          <ItemGallery item={item} />
        </div>
        <div className={styles.info}>
          <header className="title-stack">
            {collection && (
              <Link to={paths.collections} className={styles.collection}>
                {collection.title}
                <span className="visually-hidden"> collection</span>
              </Link>
            )}
            <h1 className={styles.title}>{item.title}</h1>
            {item.description && <p className={styles.description}>{item.description}</p>}
          </header>
          <div className={styles.people}>
            <PersonCard label="Creator" person={creator} />
            <PersonCard label="Owner" person={owner} />
          </div>
          <ItemMarket
            item={item}
            ownedByYou={owner.isYou}
            bids={bids}
            standing={standing}
            onBid={() => setDialog('bid')}
            onBuy={() => setDialog('checkout')}
          />
          {item.saleKind !== 'auctions' && saleState(item, null).kind === 'open' && (
            <Suspense fallback={null}>
              <LazyItemOffers
                item={item}
                bids={bids}
                owner={owner.isYou}
                onAnswered={(what, bid) => {
                  showToast({
                    tone: 'success',
                    title: what === 'accepted' ? 'Offer accepted' : 'Item unlisted',
                    description:
                      what === 'accepted'
                        ? `${item.title} sells to ${bid?.bidder ?? 'the bidder'} once this syncs to the marketplace.`
                        : `${item.title} is no longer for sale once this syncs to the marketplace.`,
                  });
                  void revalidator.revalidate();
                }}
              />
            </Suspense>
          )}
          <ItemFacts item={item} />
          <ItemHistory bids={bids} activity={activity} item={item} />
        </div>
      </div>
      {related.length > 0 && (
        <Suspense fallback={null}>
          <LazyRelatedItems items={related} category={item.category} />
        </Suspense>
      )}
      <Suspense fallback={null}>
        {dialog === 'bid' && (
          <LazyBidModal
            open
            item={item}
            creatorName={creator.name}
            onClose={close}
            onPlaced={(bid) => {
              const kind = saleKindText(item);
              showToast({
                tone: 'success',
                title: kind.placed,
                description: isBelowBestOffer(item, bid.priceEth)
                  ? `Your offer of ${bid.priceEth} ETH on ${item.title} is below the best offer; it is saved and syncs to the marketplace, and the owner chooses.`
                  : `Your ${kind.noun} of ${bid.priceEth} ETH on ${item.title} is saved and syncs to the marketplace.`,
              });
              void revalidator.revalidate();
            }}
          />
        )}
        {dialog === 'checkout' && (
          <LazyCheckoutModal
            open
            item={item}
            creatorName={creator.name}
            creatorVerified={creator.verified}
            onClose={close}
            onBought={() => {
              showToast({
                tone: 'success',
                title: 'Purchase complete',
                description: `You now own ${item.title}. The purchase is saved and syncs to the marketplace.`,
              });
              void revalidator.revalidate();
            }}
          />
        )}
      </Suspense>
    </div>
  );
}
