import { useEffect, useSyncExternalStore } from 'react';
import { getWallets, startDiscovery, subscribeWallets, type DiscoveredWallet } from './discovery';

const NONE: readonly DiscoveredWallet[] = [];

/** The wallets found in this browser, updated as they announce themselves. */
export function useDiscoveredWallets(): readonly DiscoveredWallet[] {
  useEffect(() => startDiscovery(), []);
  return useSyncExternalStore(subscribeWallets, getWallets, () => NONE);
}
