// One renderer per shared section id (variants.ts lists which a home shows, in order). The
// blocks only the homes show sit beside this file; those other pages show too come from
// components/blocks. This file only feeds them the home's data.
import { use, type ReactNode } from 'react';
import { CreatorGrid } from '@/components/blocks/creator-grid';
import { ItemGrid } from '@/components/blocks/item-grid';
import { LatestBlog } from '@/components/blocks/latest-blog';
import { TopCollections } from '@/components/blocks/top-collections';
import type { HomeData } from '../api';
import type { HomePageProps } from './home-page';
import type { SectionId } from '../variants';
import { BestCreators } from './best-creators';
import { FilterForm } from './filter-form';
import { HotItems } from './hot-items';
import { ItemSlider } from './item-slider';
import { LiveAuctionGrid } from './live-auction-grid';
import { QaBlock } from './qa-block';
import { ThreeStep } from './three-step';

const RENDER: Record<SectionId, (data: HomeData) => ReactNode> = {
  filter: () => <FilterForm />,
  threeStep: () => <ThreeStep title="How it works" />,
  topCollections: (d) => <TopCollections collections={d.collections} />,
  liveAuctions: (d) => <LiveAuctionGrid items={d.auctions} />,
  discoverItems: (d) => (
    <ItemGrid
      items={d.items}
      title="Discover Items"
      subtitle="New work from the community, ready to collect."
    />
  ),
  itemSlider: (d) => <ItemSlider items={d.items} showCountdown />,
  bestCreators: (d) => <BestCreators creators={d.heldCreators} />,
  featuredCreators: (d) => (
    <CreatorGrid
      creators={d.creators}
      title="Featured creators"
      subtitle="Six artists to follow this season."
    />
  ),
  allCreators: (d) => (
    <CreatorGrid
      creators={d.creators}
      variant="all"
      title="Meet the creators"
      subtitle="Artists minting on Artmint. Follow the ones you love."
    />
  ),
  hotItems: (d) => <HotItems items={d.items} />,
  qa: (d) => <QaBlock entries={d.qa} />,
  latestBlog: (d) => <LatestBlog posts={d.latestPosts} />,
};

/**
 * A section of a home; the filter form, which starts within the first screen, brings its own
 * container width. Every other section starts below it, so the browser lays it out only once it
 * nears the viewport (the home's start was mostly style and layout).
 */
export function HomeSection({ id, data }: { id: SectionId; data: HomeData }) {
  const content = RENDER[id](data);
  if (id === 'filter') return content;
  return <div className="container below-fold">{content}</div>;
}

/** Every section of a home, in its config's order, once the data is there. */
export function HomeSections({ config, data }: HomePageProps) {
  const d = data instanceof Promise ? use(data) : data;
  return config.sections.map((id) => <HomeSection key={id} id={id} data={d} />);
}
