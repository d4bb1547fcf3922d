import { useLoaderData } from 'react-router-dom';
import { exploreOptions } from '@/features/explore/api';
import { ExplorePage } from '@/features/explore/components/explore-page';
import { createExploreLoader } from '@/features/explore/loader';
import { EXPLORE_CONFIGS } from '@/features/explore/variants';

const config = EXPLORE_CONFIGS.one;

export const loader = createExploreLoader(config);

export function Component() {
  const data = useLoaderData<typeof loader>();
  return <ExplorePage config={config} data={data} options={exploreOptions()} />;
}
