// Collection card (docs/product.md "Best Collections": image, avatar, title linking to
// /explore-one, creator link and item count).
//
// Props:
// - collection: the Collection to show (image, avatar, title, name, creatorId, items,
//   subImage strip).
// - showStrip: also show the three small sub-images under the cover (default true).
// - priority: load the cover eagerly (first slide above the fold).
// - headingLevel: level of the title heading (default 3, under a section's h2).
// - as: 'article' (default) or 'li'; className for the grid cell or slide.
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { Collection } from '@shared/types';
import { COLLECTION_IMAGE_SIZE, ITEM_IMAGE_SIZE } from '@shared/sample/image-paths';
import { Card } from '@/components/ui/card';
import { CardImage } from './card-image';
import { classNames } from '@/lib/class-names';
import styles from './collection-card.module.css';

export interface CollectionCardProps {
  collection: Collection;
  showStrip?: boolean;
  priority?: boolean;
  headingLevel?: 2 | 3 | 4;
  as?: 'article' | 'li';
  className?: string;
}

/** "1 Item", "25 Items". */
export function itemCountText(n: number): string {
  return `${n} ${n === 1 ? 'Item' : 'Items'}`;
}

export function CollectionCard({
  collection,
  showStrip = true,
  priority = false,
  headingLevel = 3,
  as = 'article',
  className,
}: CollectionCardProps) {
  const Heading = `h${headingLevel}` as const;
  const strip = showStrip ? collection.subImage.slice(0, 3) : [];
  return (
    <Card as={as} padding="sm" interactive className={classNames(styles.card, className)}>
      <div className={styles.cover}>
        <span className={styles.count}>{itemCountText(collection.items)}</span>
        <CardImage
          src={collection.image}
          alt=""
          width={COLLECTION_IMAGE_SIZE.width}
          height={COLLECTION_IMAGE_SIZE.height}
          priority={priority}
          className={styles.image}
        />
      </div>
      {strip.length > 0 && (
        <ul className={styles.strip} aria-hidden="true">
          {strip.map((sub) => (
            <li key={sub.index}>
              <CardImage
                src={sub.image}
                alt=""
                width={ITEM_IMAGE_SIZE.width}
                height={ITEM_IMAGE_SIZE.height}
                className={styles.thumb}
              />
            </li>
          ))}
        </ul>
      )}
      <div className={styles.body}>
        <CardImage
          src={collection.avatar}
          alt=""
          width={48}
          height={48}
          className={styles.avatar}
        />
        <div className={styles.text}>
          <Heading className={`card-title ${styles.title}`}>
            <Link to={paths.exploreOne}>{collection.title}</Link>
          </Heading>
          <p className={styles.meta}>
            <span>By </span>
            <Link to={paths.creatorProfile(collection.creatorId)} className={styles.creator}>
              {collection.name}
            </Link>
          </p>
        </div>
      </div>
    </Card>
  );
}
