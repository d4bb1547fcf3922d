// Creator grid block (docs/product.md "Creators and profiles": "A creator grid block shows at most
// 9 (6 or all in another variant)"; "Fixed values": "creator cards 6 or all"). Each card has the
// creator's verified badge and a follow button that really follows on this device (docs/product.md
// "Follow me"). Grid columns: 1 small, 2 medium, 3 large (the card grid with columns={3}).
//
// Props:
// - creators: the creators to show, in order.
// - variant: 'six' (default) shows the first 6 (GRID_CREATOR_CARDS) and an "All Creators" link
//   to /creators; 'all' shows them all up to the grid's most, 9 (GRID_CREATORS_MAX,
//   docs/product.md "Fixed values"), with the link when there are more.
// - title / subtitle: the section heading (h2).
import { GRID_CREATOR_CARDS, GRID_CREATORS_MAX } from '@/config/constants';
import { paths } from '@/config/paths';
import type { Creator } from '@shared/types';
import { CreatorCard } from '@/components/cards/creator-card';
import { BlockSection, MoreLink, type BlockHeadingProps } from './block-section';
import { CardGrid, CardGridCell } from '@/components/ui/card-grid';
import grid from './block-section.module.css';

export type CreatorGridVariant = 'six' | 'all';

export interface CreatorGridProps extends BlockHeadingProps {
  creators: readonly Creator[];
  variant?: CreatorGridVariant;
}

/** The creators a variant shows: the first six, or all of them up to nine. */
export function creatorsShown(
  creators: readonly Creator[],
  variant: CreatorGridVariant,
): readonly Creator[] {
  return creators.slice(0, variant === 'all' ? GRID_CREATORS_MAX : GRID_CREATOR_CARDS);
}

export function CreatorGrid({
  creators,
  variant = 'six',
  title = 'Featured creators',
  subtitle,
  className,
}: CreatorGridProps) {
  const shown = creatorsShown(creators, variant);
  return (
    <BlockSection
      title={title}
      subtitle={subtitle}
      action={
        shown.length < creators.length ? (
          <MoreLink to={paths.creators}>All Creators</MoreLink>
        ) : undefined
      }
      className={className}
    >
      {shown.length === 0 ? (
        <p className={grid.empty}>No creators to show yet.</p>
      ) : (
        <CardGrid columns={3} label={title}>
          {shown.map((creator) => (
            <CardGridCell key={creator.id}>
              <CreatorCard creator={creator} />
            </CardGridCell>
          ))}
        </CardGrid>
      )}
    </BlockSection>
  );
}
