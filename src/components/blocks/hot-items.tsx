// Explore Hot Items (spec "Home variants": first 8 items, Buy Now, auction countdowns updated
// each second on the shared clock).
//
// Props:
// - items: the items (the first 8 are shown).
// - title / subtitle: the section heading (h2). Default "Explore Hot Items".
import { useId } from 'react';
import { GRID_HOT_ITEMS } from '@/config/constants';
import { paths } from '@/config/paths';
import type { Item } from '@/data/types';
import { ItemCard } from '@/components/cards/item-card';
import { LinkButton } from '@/components/ui/button';
import { ChevronEndIcon } from '@/components/ui/content-icons';
import { SectionHeading } from '@/components/ui/section-heading';
import styles from './block-section.module.css';

export interface HotItemsProps {
  items: readonly Item[];
  title?: string;
  subtitle?: string;
  className?: string;
}

export function HotItems({
  items,
  title = 'Explore Hot Items',
  subtitle = 'The pieces collectors are watching right now.',
  className,
}: HotItemsProps) {
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
          <LinkButton to={paths.exploreTwo} variant="secondary" size="sm">
            Explore More
            <ChevronEndIcon />
          </LinkButton>
        }
      />
      <ul className={styles.grid} data-columns="4">
        {items.slice(0, GRID_HOT_ITEMS).map((item) => (
          <li key={item.id}>
            <ItemCard item={item} action="buy" showCountdown />
          </li>
        ))}
      </ul>
    </section>
  );
}
