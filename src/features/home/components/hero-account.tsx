// The account-area home's hero (docs/product.md "Home pages"): Explore Now (/explore-two) and Sell
// Now (/upload-work), next to an autoplay slider of items, one at a time, each linking to
// /item-detail/{id} ("States": home slider, 1 item, 3000 ms, speed 400, loop).
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { Item } from '@shared/types';
import { ITEM_IMAGE_SIZE } from '@shared/sample/image-paths';
import { cardActionText } from '@/components/cards/item-card';
import { bestBidText, saleKindText } from '@shared/sale-kinds';
import { CardImage } from '@/components/cards/card-image';
import { SaleAction } from '@/components/cards/sale-action';
import { Carousel } from '@/components/carousel/carousel';
import { LinkButton } from '@/components/ui/button';
import type { HomeConfig } from '../variants';
import { HeroFrame } from './hero-frame';
import { HeroText } from './hero-text';
import styles from './hero-account.module.css';

const SLIDES = 6;

function FeaturedSlide({ item, first }: { item: Item; first: boolean }) {
  const href = paths.itemDetail(item.id);
  return (
    <article className={styles.slide}>
      <div className={styles.media}>
        <CardImage
          src={item.image}
          alt=""
          width={ITEM_IMAGE_SIZE.width}
          height={ITEM_IMAGE_SIZE.height}
          priority={first}
          className="fill-cover"
        />
      </div>
      <div className={styles.caption}>
        <h2 className={styles.title}>
          <Link to={href}>{item.title}</Link>
        </h2>
        <p className={styles.meta}>
          by <Link to={paths.creatorProfile(item.creatorId)}>{item.name}</Link>
        </p>
        <p className={styles.price}>
          {saleKindText(item).price === null ? (
            <>
              <span>{saleKindText(item).best}</span> <strong>{bestBidText(item)}</strong>
            </>
          ) : (
            <>
              <span>{saleKindText(item).price}</span> <strong>{item.priceEth} ETH</strong>
            </>
          )}
        </p>
        <SaleAction item={item} className={styles.closed}>
          <LinkButton to={href} size="sm">
            {cardActionText(item)}
            <span className="visually-hidden">: {item.title}</span>
          </LinkButton>
        </SaleAction>
      </div>
    </article>
  );
}

export function HeroAccount({ config, items }: { config: HomeConfig; items: readonly Item[] }) {
  return (
    <HeroFrame>
      <HeroText
        config={config}
        eyebrow="Welcome back"
        primary={{ to: paths.exploreTwo, label: 'Explore Now' }}
        secondary={{ to: paths.uploadWork, label: 'Sell Now' }}
      />
      <Carousel
        label="Featured items"
        preset="homeSlider"
        className={styles.slider}
        slides={items.slice(0, SLIDES).map((item, i) => ({
          key: item.id,
          content: <FeaturedSlide item={item} first={i === 0} />,
        }))}
      />
    </HeroFrame>
  );
}
