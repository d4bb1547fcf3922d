// Home one ("/") and the home variants ("/index-two" .. "/index-ten"): one route module; the
// URL picks the variant's config (src/features/home/variants.ts). The loader does not wait for
// the data (nor load the data access): the hero paints at once and the sections follow as soon
// as the device has answered. While the prerendered home is on show it already shows them, so
// the loader waits and hands the data resolved: the app then takes the copy over in one pass.
import { useLoaderData, useLocation } from 'react-router-dom';
import type { HomeData } from '@/features/home/api';
import { HomePage } from '@/features/home/components/home-page';
import { homeConfigFor } from '@/features/home/variants';
import { prerenderedCopy } from '../hydration';

export async function loader() {
  const data = import('@/features/home/api').then((m): Promise<HomeData> => m.loadHomeData());
  return { data: prerenderedCopy() ? await data : data };
}

export function Component() {
  const { data } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  return <HomePage config={homeConfigFor(pathname)} data={data} />;
}
