// The header profile dropdown's contents (spec "Top navigation": user, wallet string, ETH
// balance; Profile, Settings, Logout): loaded on the first open of the menu.
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { shortenAddress } from '@/lib/shorten-address';
import { selectAccount, useWalletStore } from '@/features/wallet/store';
import { logOut } from '@/data/logout';
import type { ProfileSummary } from '../api';
import styles from './header.module.css';

// Only a connected wallet shows its summary (address, network, balance): loaded when it does.
const WalletSummary = lazy(() =>
  import('@/features/wallet/components/wallet-summary').then((m) => ({
    default: m.WalletSummary,
  })),
);

export interface ProfileDropdownProps {
  user: ProfileSummary;
  /** The avatar's resolved URL (a device image is already resolved by the menu). */
  avatar: string;
  open: boolean;
  onClose: () => void;
}

export function ProfileDropdown({ user, avatar, open, onClose: close }: ProfileDropdownProps) {
  const walletConnected = useWalletStore((s) => selectAccount(s) !== null);
  return (
    <>
      <div className={styles.dropdownHead}>
        <img src={avatar} alt="" width={48} height={48} className={styles.avatar} />
        <div>
          <p className={styles.userName}>{user.name}</p>
          {!walletConnected && (
            <p className={styles.userMeta} title={user.walletString}>
              {shortenAddress(user.walletString)}
            </p>
          )}
        </div>
      </div>
      {walletConnected ? (
        <Suspense fallback={<p className={styles.balance}>Reading wallet...</p>}>
          <WalletSummary open={open} />
        </Suspense>
      ) : (
        <p className={styles.balance}>
          <span>Balance</span>
          <strong>{user.balanceEth} ETH</strong>
        </p>
      )}
      <ul role="list" className={styles.dropdownLinks}>
        <li>
          <Link to={paths.creatorProfile()} onClick={close}>
            Profile
          </Link>
        </li>
        <li>
          <Link to={paths.creatorProfileEdit} onClick={close}>
            Settings
          </Link>
        </li>
        <li>
          <Link
            to={paths.login}
            onClick={() => {
              close();
              logOut();
            }}
          >
            Logout
          </Link>
        </li>
      </ul>
    </>
  );
}
