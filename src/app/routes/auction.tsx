import { useLoaderData } from 'react-router-dom';
import { AuctionPage } from '@/features/auctions/components/auction-page';
import { auctionsLoader } from '@/features/auctions/loader';

export const loader = auctionsLoader;

export function Component() {
  return <AuctionPage result={useLoaderData<typeof loader>()} />;
}
