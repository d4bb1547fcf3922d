// The artwork heroes (docs/product.md "Home pages"): 'explore' has "Explore now" to /explore-one;
// 'buySell' is "Buy, sell and showcase NFTs" with Explore Now (/explore-two) and Sell Now
// (/upload-work). Both show a collage of three items, each linking to its detail page.
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { Item } from '@shared/types';
import { ITEM_IMAGE_SIZE } from '@shared/sample/image-paths';
import { CardImage } from '@/components/cards/card-image';
import type { HomeConfig } from '../variants';
import hero from './hero.module.css';
import { HeroFrame } from './hero-frame';
import { HeroText } from './hero-text';

export interface HeroArtProps {
  config: HomeConfig;
  items: readonly Item[];
  creatorCount: number;
  /** There are more creators than counted ("10,000+"). */
  creatorsCapped?: boolean;
  collectionCount: number;
}

export function HeroArt({
  config,
  items,
  creatorCount,
  creatorsCapped = false,
  collectionCount,
}: HeroArtProps) {
  const buySell = config.hero === 'buySell';
  const tiles = items.slice(0, 3);
  return (
    <HeroFrame>
      <HeroText
        config={config}
        eyebrow={buySell ? 'Your NFT studio' : 'Digital art marketplace'}
        primary={
          buySell
            ? { to: paths.exploreTwo, label: 'Explore Now' }
            : { to: paths.exploreOne, label: 'Explore now' }
        }
        secondary={
          buySell
            ? { to: paths.uploadWork, label: 'Sell Now' }
            : { to: paths.auction, label: 'Live auctions' }
        }
      >
        <dl className={hero.stats}>
          <div>
            <dt>Artworks</dt>
            <dd>{items.length}+</dd>
          </div>
          <div>
            <dt>Creators</dt>
            <dd>
              {creatorCount.toLocaleString('en-US')}
              {creatorsCapped ? '+' : ''}
            </dd>
          </div>
          <div>
            <dt>Collections</dt>
            <dd>{collectionCount}</dd>
          </div>
        </dl>
      </HeroText>
      <ul className={hero.collage} aria-label="Featured artworks" role="list">
        {tiles.map((item, i) => (
          <li key={item.id} className={hero.tile}>
            <Link to={paths.itemDetail(item.id)} aria-label={item.title}>
              <CardImage
                src={item.image}
                alt=""
                width={ITEM_IMAGE_SIZE.width}
                height={ITEM_IMAGE_SIZE.height}
                priority={i === 0}
              />
            </Link>
          </li>
        ))}
      </ul>
    </HeroFrame>
  );
}
