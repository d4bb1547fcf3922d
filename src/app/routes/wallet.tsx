import { useLoaderData } from 'react-router-dom';
import { loadWalletProviders } from '@/features/wallet/api';
import { WalletPage } from '@/features/wallet/components/wallet-page';

export const loader = () => loadWalletProviders();

export function Component() {
  return <WalletPage providers={useLoaderData<typeof loader>()} />;
}
