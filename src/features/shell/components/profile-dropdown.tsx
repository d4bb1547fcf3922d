// The header profile dropdown's contents (docs/product.md "On every page": user, wallet string, ETH
// balance; Profile, Settings, Logout): loaded on the first open of the menu.
import { Suspense, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { shortenAddress } from '@/lib/shorten-address';
import { selectAccount, useWalletStore } from '@/data/wallet-store';
import { logOut } from '@/data/logout';
import type { ProfileSummary } from '../api';
import styles from './header.module.css';

/** The connected wallet's summary (address, network, balance), composed in by the app;
 * `open` says whether the menu is open. */
export type WalletSummarySlot = (open: boolean) => ReactNode;

export interface ProfileDropdownProps {
  user: ProfileSummary;
  /** The avatar's resolved URL (a device image is already resolved by the menu). */
  avatar: string;
  open: boolean;
  onClose: () => void;
  walletSummary?: WalletSummarySlot;
}

export function ProfileDropdown(props: ProfileDropdownProps) {
  const { user, avatar, open, onClose: close, walletSummary } = props;
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
      {walletConnected && walletSummary ? (
        <Suspense fallback={<p className={styles.balance}>Reading wallet...</p>}>
          {walletSummary(open)}
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
