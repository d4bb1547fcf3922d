// A home page (docs/product.md "Home pages"): the hero its config names and
// then its shared sections, in order. Which home is shown comes from the URL (variants.ts).
// The video hero needs no data and is in this chunk, so it paints first; the item heroes and
// the sections (cards, carousels, the data access) load in their own chunks behind
// placeholders that keep the page's height (nothing below jumps into view).
import { Suspense } from 'react';
import { lazyPart } from '@/lib/lazy-part';
import type { HomeData } from '../api';
import type { HomeConfig } from '../variants';
import { HeroVideo } from './hero-video';
import styles from './home-page.module.css';

const DataHero = lazyPart(() => import('./data-hero').then((m) => m.DataHero));
const HomeSections = lazyPart(() => import('./home-sections').then((m) => m.HomeSections));

export interface HomePageProps {
  config: HomeConfig;
  /** The home's data, still loading or already there. */
  data: HomeData | Promise<HomeData>;
}

function Placeholder({ hero }: { hero?: boolean }) {
  return <div className={hero ? styles.heroPlaceholder : styles.placeholder} aria-busy="true" />;
}

export function HomePage({ config, data }: HomePageProps) {
  return (
    <div className={styles.page} data-home={config.id}>
      {config.hero === 'video' ? (
        <HeroVideo config={config} />
      ) : (
        <Suspense fallback={<Placeholder hero />}>
          <DataHero config={config} data={data} />
        </Suspense>
      )}
      <Suspense fallback={<Placeholder />}>
        <HomeSections config={config} data={data} />
      </Suspense>
    </div>
  );
}
