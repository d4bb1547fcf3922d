// The heroes that show items (explore, buy/sell, account): they wait for the home's data.
import { use } from 'react';
import type { HomeData } from '../api';
import type { HomeConfig } from '../variants';
import { HeroAccount } from './hero-account';
import { HeroArt } from './hero-art';

export function DataHero({ config, data }: { config: HomeConfig; data: Promise<HomeData> }) {
  const d = use(data);
  if (config.hero === 'account') return <HeroAccount config={config} items={d.items} />;
  return (
    <HeroArt
      config={config}
      items={d.items}
      creatorCount={d.creators.length}
      collectionCount={d.collections.length}
    />
  );
}
