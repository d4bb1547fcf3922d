import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useDismiss } from '@/lib/use-dismiss';
import { useSessionStore } from '@/data/session-store';
import { getProfileSummary } from '../api';
import type { WalletSummarySlot } from './profile-dropdown';
import styles from './header.module.css';

// The dropdown's contents load on the first open; the button stays in the entry chunk.
const ProfileDropdown = lazy(() =>
  import('./profile-dropdown').then((m) => ({ default: m.ProfileDropdown })),
);

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
export function ProfileMenu({ walletSummary }: { walletSummary?: WalletSummarySlot }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first open on, so reopening is instant and keeps its state.
  const [opened, setOpened] = useState(false);
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useDismiss(wrapRef, open, () => setOpen(false), buttonRef);
  const user = getProfileSummary(useSessionStore((s) => s.user));
  const avatar = useDeviceImage(user.avatar);
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
        onClick={() => {
          setOpened(true);
          setOpen((o) => !o);
        }}
      >
        <img src={avatar} alt="" width={40} height={40} className={styles.avatar} />
      </button>
      <div id="profile-menu" className={styles.dropdown} hidden={!open}>
        {opened && (
          <Suspense fallback={null}>
            <ProfileDropdown
              user={user}
              avatar={avatar}
              open={open}
              onClose={close}
              walletSummary={walletSummary}
            />
          </Suspense>
        )}
      </div>
    </div>
  );
}
