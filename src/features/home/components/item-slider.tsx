// Item slider (docs/product.md "Home pages": sliders of item cards, each with a Bid Now or Buy Now
// button; "States": 5/4/3/1 per view at 1025/992/767/425 px, gutter 12, autoplay 3000 ms,
// speed 400 ms).
//
// Props:
// - items: the items to slide through; auctions get Bid Now, the rest Buy Now.
// - title / subtitle: the section heading (h2). Default "Trending Items".
// - showCountdown: show auction countdowns on the cards.
import { paths } from '@/config/paths';
import type { Item } from '@shared/types';
import { ItemCard } from '@/components/cards/item-card';
import { Carousel } from '@/components/carousel/carousel';
import { BlockSection, MoreLink, type BlockHeadingProps } from '@/components/blocks/block-section';

export interface ItemSliderProps extends BlockHeadingProps {
  items: readonly Item[];
  showCountdown?: boolean;
}

export function ItemSlider({
  items,
  title = 'Trending Items',
  subtitle = 'Fresh drops and running auctions, one swipe away.',
  showCountdown = false,
  className,
}: ItemSliderProps) {
  return (
    <BlockSection
      title={title}
      subtitle={subtitle}
      action={<MoreLink to={paths.exploreOne}>Explore More</MoreLink>}
      className={className}
    >
      <Carousel
        label={title}
        preset="items"
        slides={items.map((item) => ({
          key: item.id,
          content: <ItemCard item={item} showCountdown={showCountdown} />,
        }))}
      />
    </BlockSection>
  );
}
