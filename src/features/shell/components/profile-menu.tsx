import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useDismiss } from '@/lib/use-dismiss';
import { shortenAddress } from '@/lib/shorten-address';
import { WalletSummary } from '@/features/wallet/components/wallet-summary';
import { selectAccount, useWalletStore } from '@/features/wallet/store';
import { useSessionStore } from '@/features/account/session-store';
import { getProfileSummary } from '../api';
import styles from './header.module.css';

/** An `idb:` avatar from profile edit, resolved on the device (the data layer loads lazily). */
function useDeviceImage(src: string): string {
  const [resolved, setResolved] = useState<{ src: string; url: string } | null>(null);
  useEffect(() => {
    if (!src.startsWith('idb:')) return;
    let live = true;
    void import('@/data/data-access')
      .then((m) => m.resolveImage(src))
      .then((url) => live && setResolved({ src, url }));
    return () => {
      live = false;
    };
  }, [src]);
  if (!src.startsWith('idb:')) return src;
  return resolved?.src === src ? resolved.url : '';
}

/** The header's profile dropdown (spec: placeholder user, wallet string, ETH balance). */
export function ProfileMenu() {
  const [open, setOpen] = useState(false);
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useDismiss(wrapRef, open, () => setOpen(false), buttonRef);
  const user = getProfileSummary(useSessionStore((s) => s.user));
  const avatar = useDeviceImage(user.avatar);
  const walletConnected = useWalletStore((s) => selectAccount(s) !== null);
  const close = () => setOpen(false);
  return (
    <div ref={wrapRef} className={styles.profile}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.avatarButton}
        aria-expanded={open}
        aria-controls="profile-menu"
        aria-label={`Profile menu for ${user.name}`}
        onClick={() => setOpen((o) => !o)}
      >
        <img src={avatar} alt="" width={40} height={40} className={styles.avatar} />
      </button>
      <div id="profile-menu" className={styles.dropdown} hidden={!open}>
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
          <WalletSummary open={open} />
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
                useSessionStore.getState().signOut();
              }}
            >
              Logout
            </Link>
          </li>
        </ul>
      </div>
    </div>
  );
}
