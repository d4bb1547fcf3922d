import { useEffect, useSyncExternalStore } from 'react';
import { getWallets, startDiscovery, subscribeWallets, type DiscoveredWallet } from './discovery';

const NONE: readonly DiscoveredWallet[] = [];

/** The wallets found in this browser, updated as they announce themselves. */
export function useDiscoveredWallets(): readonly DiscoveredWallet[] {
  useEffect(() => startDiscovery(), []);
  return useSyncExternalStore(subscribeWallets, getWallets, () => NONE);
}

function subscribeOnline(notify: () => void): () => void {
  window.addEventListener('online', notify);
  window.addEventListener('offline', notify);
  return () => {
    window.removeEventListener('online', notify);
    window.removeEventListener('offline', notify);
  };
}

/** navigator.onLine, followed live. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}
