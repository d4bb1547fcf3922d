// Top Collections (docs/product.md "Best Collections": a carousel of collection cards on home pages
// with a see-more link to /collections; "States": 4/3/2/1 per view, autoplay 3000 ms, speed 400 ms,
// loop and rewind, prev/next, no dots).
//
// Props:
// - collections: the collections to slide through.
// - title / subtitle: the section heading (h2). Default "Top Collections".
import { paths } from '@/config/paths';
import type { Collection } from '@shared/types';
import { CollectionCard } from '@/components/cards/collection-card';
import { Carousel } from '@/components/carousel/carousel';
import { BlockSection, MoreLink, type BlockHeadingProps } from './block-section';

export interface TopCollectionsProps extends BlockHeadingProps {
  collections: readonly Collection[];
}

export function TopCollections({
  collections,
  title = 'Top Collections',
  subtitle = 'The most collected series on Artmint this season.',
  className,
}: TopCollectionsProps) {
  return (
    <BlockSection
      title={title}
      subtitle={subtitle}
      action={<MoreLink to={paths.collections}>See more collections</MoreLink>}
      className={className}
    >
      <Carousel
        label={title}
        preset="topCollections"
        slides={collections.map((collection) => ({
          key: collection.id,
          content: <CollectionCard collection={collection} />,
        }))}
      />
    </BlockSection>
  );
}
