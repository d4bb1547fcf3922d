// "More like this": other items as the shared item cards (loaded after the screen's first
// paint: it sits below the fold and needs the card code only then).
import { ItemGrid } from '@/components/blocks/item-grid';
import type { Item } from '@shared/types';

export function RelatedItems({ items, category }: { items: Item[]; category: string }) {
  return (
    <ItemGrid
      items={items}
      title="More like this"
      subtitle={`Other ${category.toLowerCase()} and more from the marketplace.`}
      allData
    />
  );
}
