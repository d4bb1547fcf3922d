// The wrong-network notice (docs/product.md "Wallet": errors shown for "wrong network"): when the
// connected wallet is on another chain than the one Artmint trades on (config/chain.ts), it says
// so plainly and offers the switch; a refused or failed switch is shown under it. Shown in the
// header's wallet summary, on the wallet page and in the checkout dialog. Renders nothing when
// no wallet is connected or it is on the trading chain.
import { useId } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Button } from '@/components/ui/button';
import { AlertIcon } from '@/components/ui/icon';
import { TRADING_CHAIN } from '@/config/chain';
import { isWrongNetwork, networkName } from '@/lib/networks';
import { switchToTradingChain, useWalletStore } from '@/data/wallet-store';
import styles from './network-notice.module.css';
import { classNames } from '@/lib/class-names';

export function NetworkNotice({ className }: { className?: string }) {
  const titleId = useId();
  const s = useWalletStore(
    useShallow((w) => ({
      connected: w.status === 'connected' && w.account !== null,
      chainId: w.chainId,
      walletName: w.walletName ?? 'Your wallet',
      switching: w.switching,
      networkError: w.networkError,
    })),
  );
  if (!s.connected || !s.chainId || !isWrongNetwork(s.chainId, TRADING_CHAIN.hex)) return null;
  return (
    <section className={classNames(styles.notice, className)} aria-labelledby={titleId}>
      <p id={titleId} className={styles.title}>
        <AlertIcon />
        <span>Wrong network</span>
      </p>
      <p className={styles.text}>
        {s.walletName} is on {networkName(s.chainId)}. Artmint trades on {TRADING_CHAIN.name}:
        switch your wallet to it before you buy or bid.
      </p>
      {s.networkError && (
        <p role="alert" className={styles.error}>
          <strong>{s.networkError.title}.</strong> {s.networkError.message}
        </p>
      )}
      <Button size="sm" busy={s.switching} onClick={() => void switchToTradingChain()}>
        Switch to {TRADING_CHAIN.name}
      </Button>
    </section>
  );
}
