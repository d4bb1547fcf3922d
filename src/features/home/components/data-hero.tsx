// The heroes that show items (explore, buy/sell, account): they wait for the home's data.
import { use } from 'react';
import type { HomePageProps } from './home-page';
import { HeroAccount } from './hero-account';
import { HeroArt } from './hero-art';

export function DataHero({ config, data }: HomePageProps) {
  const d = data instanceof Promise ? use(data) : data;
  if (config.hero === 'account') return <HeroAccount config={config} items={d.items} />;
  return (
    <HeroArt
      config={config}
      items={d.items}
      creatorCount={d.creatorCount}
      creatorsCapped={d.creatorsCapped}
      collectionCount={d.collections.length}
    />
  );
}
