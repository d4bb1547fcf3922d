import { useShallow } from 'zustand/react/shallow';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { WalletIcon } from '@/components/ui/icon';
import { shortenAddress } from '@/lib/shorten-address';
import { disconnect } from '../session';
import { useWalletStore } from '@/data/wallet-store';
import { NetworkNotice } from '@/components/wallet/network-notice';
import { selectSummary, WalletFacts } from './wallet-summary';
import styles from './wallet-page.module.css';

/** The wallet page's status card: the connected account, or what was found in this browser. */
export function WalletStatus({ found }: { found: readonly string[] }) {
  const session = useWalletStore(useShallow((s) => ({ status: s.status, ...selectSummary(s) })));

  if (session.status === 'connected' && session.account) {
    return (
      <section
        className={`surface-raised ${styles.status}`}
        data-state="connected"
        aria-labelledby="wallet-status-title"
      >
        <div className={styles.statusHead}>
          <span className={styles.statusIcon} aria-hidden="true">
            <WalletIcon />
          </span>
          <div>
            <h2 id="wallet-status-title" className={styles.statusTitle}>
              Connected with {session.walletName ?? 'your wallet'}
            </h2>
            <p className={styles.account} title={session.account}>
              <span className={styles.accountShort} dir="ltr">
                {shortenAddress(session.account)}
              </span>
              <span className="visually-hidden">, full address </span>
              <span className={styles.accountFull} dir="ltr">
                {session.account}
              </span>
            </p>
          </div>
        </div>
        <WalletFacts session={session} className={styles.facts} noteClassName={styles.statusNote} />
        <NetworkNotice />
        <Button variant="secondary" onClick={() => void disconnect()}>
          Disconnect
        </Button>
      </section>
    );
  }

  if (session.status === 'restoring') {
    return (
      <section className={`surface-raised ${styles.status}`} aria-live="polite">
        <Spinner />
        <p>Reconnecting to your wallet...</p>
      </section>
    );
  }

  return (
    <section className={`surface-raised ${styles.status}`} aria-live="polite">
      <span className={styles.statusIcon} aria-hidden="true">
        <WalletIcon />
      </span>
      <p className={styles.statusText}>
        {found.length > 0 ? (
          <>
            <strong>Found in this browser:</strong> {found.join(', ')}. Choose it below to connect.
          </>
        ) : (
          <>
            <strong>No wallet found in this browser.</strong> Choose one below to see where to get
            it.
          </>
        )}
      </p>
    </section>
  );
}
