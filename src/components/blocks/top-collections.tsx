// Top Collections (spec "Best Collections": a carousel of collection cards on home pages with a
// see-more link to /collections; section 4: 4/3/2/1 per view, autoplay 3000 ms, speed 400 ms,
// loop and rewind, prev/next, no dots).
//
// Props:
// - collections: the collections to slide through.
// - title / subtitle: the section heading (h2). Default "Top Collections".
import { useId } from 'react';
import { paths } from '@/config/paths';
import type { Collection } from '@/data/types';
import { CollectionCard } from '@/components/cards/collection-card';
import { Carousel } from '@/components/carousel/carousel';
import { LinkButton } from '@/components/ui/button';
import { ChevronEndIcon } from '@/components/ui/content-icons';
import { SectionHeading } from '@/components/ui/section-heading';
import styles from './block-section.module.css';

export interface TopCollectionsProps {
  collections: readonly Collection[];
  title?: string;
  subtitle?: string;
  className?: string;
}

export function TopCollections({
  collections,
  title = 'Top Collections',
  subtitle = 'The most collected series on Artmint this season.',
  className,
}: TopCollectionsProps) {
  const headingId = useId();
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
          <LinkButton to={paths.collections} variant="secondary" size="sm">
            See more collections
            <ChevronEndIcon />
          </LinkButton>
        }
      />
      <Carousel
        label={title}
        preset="topCollections"
        slides={collections.map((collection) => ({
          key: collection.id,
          content: <CollectionCard collection={collection} />,
        }))}
      />
    </section>
  );
}
