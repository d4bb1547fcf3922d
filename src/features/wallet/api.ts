// The wallet feature's data: the provider tiles (spec: 11 providers, title and image).
import { getDataAccess } from '@/data/data-access';
import type { WalletProvider } from '@/data/types';

export function loadWalletProviders(): Promise<WalletProvider[]> {
  return getDataAccess().listWalletProviders();
}
