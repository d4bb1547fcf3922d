import { Link } from 'react-router-dom';
import { WalletIcon } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import { shortenAddress } from '@/lib/shorten-address';
import { selectAccount, useWalletStore } from '@/data/wallet-store';
import { useRestoreWallet } from '../use-restore-wallet';
import styles from './wallet-button.module.css';

/**
 * The header's wallet button: "Connect Wallet" (to /wallet) until a wallet is connected, then
 * the account shortened to 6 + ... + 7 characters (docs/product.md "States", "Fixed values").
 */
export function WalletButton() {
  useRestoreWallet();
  const account = useWalletStore(selectAccount);
  const restoring = useWalletStore((s) => s.status === 'restoring');

  if (account) {
    const short = shortenAddress(account);
    return (
      <Link
        to={paths.wallet}
        className={`touch-pill ${styles.button}`}
        data-connected="true"
        title={account}
        aria-label={`Wallet connected: ${short}`}
      >
        <span className={styles.dot} aria-hidden="true" />
        <span className={styles.address} dir="ltr">
          {short}
        </span>
      </Link>
    );
  }
  return (
    <Link
      to={paths.wallet}
      className={`touch-pill ${styles.button}`}
      aria-busy={restoring || undefined}
    >
      <WalletIcon />
      <span className={styles.label}>Connect Wallet</span>
    </Link>
  );
}
