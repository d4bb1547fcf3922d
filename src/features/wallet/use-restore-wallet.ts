import { useEffect } from 'react';
import { useWalletStore } from '@/data/wallet-store';

/**
 * Restores a remembered wallet once per page load, loading the connect code with import() only
 * when there is one to restore (so routes without a wallet never download it).
 */
export function useRestoreWallet(): void {
  const shouldRestore = useWalletStore((s) => s.remembered !== null && s.status === 'idle');
  useEffect(() => {
    if (!shouldRestore) return;
    void import('./session').then((session) => session.restore());
  }, [shouldRestore]);
}
