import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Button } from '@/components/ui/button';
import { shortenAddress } from '@/lib/shorten-address';
import { formatEther, formatEthAmount } from '../format';
import { networkName } from '@/lib/networks';
import { useWalletStore, type WalletSession } from '@/data/wallet-store';
import { NetworkNotice } from '@/components/wallet/network-notice';
import styles from './wallet-summary.module.css';

interface WalletSummaryProps {
  /** Whether the surrounding menu is open: the balance is read again each time it opens. */
  open?: boolean;
}

/** What a summary of the connected wallet shows, picked from the session (use with useShallow). */
export function selectSummary(s: WalletSession) {
  return {
    account: s.account,
    chainId: s.chainId,
    walletName: s.walletName,
    balanceWei: s.balanceWei,
    balanceState: s.balanceState,
    balanceError: s.balanceError,
  };
}

/** The balance line: the real balance read from the wallet, or why it is not there. */
export function BalanceText({
  session,
}: {
  session: Pick<WalletSession, 'balanceWei' | 'balanceState' | 'balanceError'>;
}) {
  if (session.balanceWei !== null) {
    return (
      <span dir="ltr" title={`${formatEther(session.balanceWei)} ETH`}>
        {formatEthAmount(session.balanceWei)} ETH
      </span>
    );
  }
  if (session.balanceState === 'error') {
    return <span className={styles.muted}>Unavailable</span>;
  }
  return <span className={styles.muted}>Reading...</span>;
}

/**
 * The connected wallet's network and balance as a description list, then why the balance could
 * not be read when it could not. Shared by the profile dropdown and the wallet page (each styles
 * it with its own classes).
 */
export function WalletFacts({
  session,
  className,
  noteClassName,
}: {
  session: Pick<WalletSession, 'chainId' | 'balanceWei' | 'balanceState' | 'balanceError'>;
  className?: string;
  noteClassName?: string;
}) {
  return (
    <>
      <dl className={className}>
        <div>
          <dt>Network</dt>
          <dd>{session.chainId ? networkName(session.chainId) : 'Unknown network'}</dd>
        </div>
        <div>
          <dt>Balance</dt>
          <dd>
            <BalanceText session={session} />
          </dd>
        </div>
      </dl>
      {session.balanceState === 'error' && session.balanceError && (
        <p className={noteClassName}>{session.balanceError}</p>
      )}
    </>
  );
}

/** The connected wallet in the header's profile dropdown: address, network, balance, Disconnect. */
export function WalletSummary({ open = true }: WalletSummaryProps) {
  const session = useWalletStore(useShallow(selectSummary));
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    if (open) void import('../session').then((m) => m.refreshBalance());
  }, [open]);

  if (!session.account) return null;
  const disconnect = () => {
    setLeaving(true);
    void import('../session').then((m) => m.disconnect()).finally(() => setLeaving(false));
  };

  return (
    <section className={styles.summary} aria-label="Connected wallet">
      <p className={styles.head}>
        <span className={styles.dot} aria-hidden="true" />
        <span>{session.walletName ?? 'Wallet'}</span>
      </p>
      <p className={styles.address} title={session.account}>
        <span dir="ltr">{shortenAddress(session.account)}</span>
      </p>
      <WalletFacts session={session} className={styles.facts} noteClassName={styles.note} />
      <NetworkNotice />
      <Button variant="secondary" size="sm" block busy={leaving} onClick={disconnect}>
        Disconnect
      </Button>
    </section>
  );
}
